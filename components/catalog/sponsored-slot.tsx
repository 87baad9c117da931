"use client";
// The labelled sponsored slot of /services: one paid placement, set apart from the organic list
// (its own landmark, its own colours, the word "Sponsored"), never mixed into it.
import Link from "next/link";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { ServiceFilters } from "./service-filters";

export function SponsoredSlot({ filters }: { filters: Pick<ServiceFilters, "q" | "capability"> }) {
  const trpc = useTRPC();
  const { data: ad } = useSuspenseQuery(
    trpc.catalog.sponsored.queryOptions({ q: filters.q, capability: filters.capability }),
  );
  if (!ad) return null;
  return (
    <aside aria-label="Sponsored" className="rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-amber-900">
        <span className="rounded bg-amber-200 px-1.5 py-0.5 font-semibold uppercase tracking-wide">Sponsored</span>
        <span>A paid placement, shown apart from the results; it does not change their order.</span>
      </p>
      <p className="mt-2 text-base font-semibold text-slate-900">
        {/* rel="sponsored": a paid link (search engines and readers are told so). */}
        <a href={ad.url} rel="sponsored noopener" className="hover:text-indigo-700 hover:underline">
          {ad.headline}
        </a>
      </p>
      <p className="mt-1 text-sm text-slate-700">{ad.body}</p>
      <p className="mt-2 text-xs text-slate-700">
        Promotes{" "}
        <Link href={`/services/${ad.service.slug}`} className="font-medium text-indigo-700 underline">
          {ad.service.name}
        </Link>
      </p>
    </aside>
  );
}
