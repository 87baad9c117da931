"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { SEARCH_PAGE_SIZE } from "@/components/paging";
import { NoServices, ServiceGrid } from "./service-grid";
import type { ServiceFilters } from "./service-filters";

// Text search ranks by relevance (the free search API's retrieval) instead of by calls.
export function SearchResults({ filters }: { filters: ServiceFilters & { q: string } }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.catalog.search.queryOptions({ ...filters, limit: SEARCH_PAGE_SIZE }));
  if (data.services.length === 0) {
    return <NoServices>No service matches “{filters.q}”.</NoServices>;
  }
  return (
    <section aria-label="Services" className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {data.services.length} best match{data.services.length === 1 ? "" : "es"} for “{filters.q}”, most relevant first
      </p>
      <ServiceGrid services={data.services} />
    </section>
  );
}
