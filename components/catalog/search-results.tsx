"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { SEARCH_PAGE_SIZE } from "./paging";
import { ServiceCard } from "./service-card";
import type { ServiceFilters } from "./service-filters";

// Text search ranks by relevance (the free search API's retrieval) instead of by calls.
export function SearchResults({ filters }: { filters: ServiceFilters & { q: string } }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.catalog.search.queryOptions({ ...filters, limit: SEARCH_PAGE_SIZE }));
  if (data.services.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium">No service matches “{filters.q}”.</p>
        <Link href="/services" className="mt-2 inline-block text-indigo-700 underline">
          Clear all filters
        </Link>
      </div>
    );
  }
  return (
    <section aria-label="Services" className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {data.services.length} best match{data.services.length === 1 ? "" : "es"} for “{filters.q}”, most relevant first
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.services.map((s) => (
          <li key={s.id}>
            <ServiceCard service={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}
