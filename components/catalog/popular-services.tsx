"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { ServiceCard } from "./service-card";

export function PopularServices() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.catalog.list.queryOptions({ limit: 6 }));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {data.services.map((s) => (
        <li key={s.id}>
          <ServiceCard service={s} />
        </li>
      ))}
    </ul>
  );
}
