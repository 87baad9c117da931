"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { ServiceSummary } from "@/server/catalog/list-services";
import { healthBadgesInput } from "./health-badges-input";
import { ServiceCard } from "./service-card";

export function ServiceGrid({ services }: { services: ServiceSummary[] }) {
  const trpc = useTRPC();
  // The badges: prefetched with the page where it can; after "Show more" the earlier ones stay shown
  // while the longer list loads.
  const { data: health } = useQuery({
    ...trpc.catalog.healthBadges.queryOptions(healthBadgesInput(services)),
    placeholderData: keepPreviousData,
  });
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((s) => (
        <li key={s.id}>
          <ServiceCard service={s} health={health?.[s.id]} />
        </li>
      ))}
    </ul>
  );
}

export function NoServices({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">{children}</p>
      <Link href="/services" className="mt-2 inline-block text-indigo-700 underline">
        Clear all filters
      </Link>
    </div>
  );
}
