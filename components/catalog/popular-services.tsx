"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { ServiceGrid } from "./service-grid";

export function PopularServices() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.catalog.list.queryOptions({ limit: 6 }));
  return <ServiceGrid services={data.services} />;
}
