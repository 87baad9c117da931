"use client";
import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { byNextCursor, SERVICE_PAGE_SIZE } from "./paging";
import { ServiceCard } from "./service-card";
import type { ServiceFilters } from "./service-filters";

export function ServiceList({ filters }: { filters: ServiceFilters }) {
  const trpc = useTRPC();
  const query = useSuspenseInfiniteQuery(
    trpc.catalog.list.infiniteQueryOptions({ ...filters, limit: SERVICE_PAGE_SIZE }, byNextCursor),
  );
  const services = query.data.pages.flatMap((p) => p.services);
  if (services.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium">No service matches these filters.</p>
        <Link href="/services" className="mt-2 inline-block text-indigo-700 underline">
          Clear all filters
        </Link>
      </div>
    );
  }
  return (
    <section aria-label="Services" className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {services.length} service{services.length === 1 ? "" : "s"}
        {query.hasNextPage ? " (more available)" : ""}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((s) => (
          <li key={s.id}>
            <ServiceCard service={s} />
          </li>
        ))}
      </ul>
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
