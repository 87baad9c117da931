"use client";
import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { byNextCursor, SERVICE_PAGE_SIZE } from "@/components/paging";
import { NoServices, ServiceGrid } from "./service-grid";
import type { ServiceFilters } from "./service-filters";

export function ServiceList({ filters }: { filters: ServiceFilters }) {
  const trpc = useTRPC();
  const query = useSuspenseInfiniteQuery(
    trpc.catalog.list.infiniteQueryOptions({ ...filters, limit: SERVICE_PAGE_SIZE }, byNextCursor),
  );
  const services = query.data.pages.flatMap((p) => p.services);
  if (services.length === 0) {
    return <NoServices>No service matches these filters.</NoServices>;
  }
  return (
    <section aria-label="Services" className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {services.length} service{services.length === 1 ? "" : "s"}
        {query.hasNextPage ? " (more available)" : ""}
      </p>
      <ServiceGrid services={services} />
      {query.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            {query.isFetchingNextPage ? "Loading…" : "Show more services"}
          </button>
        </div>
      )}
    </section>
  );
}
