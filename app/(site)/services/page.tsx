import type { Metadata } from "next";
import { filtersFromSearchParams } from "@/components/catalog/service-filters";
import { ServiceFilterForm } from "@/components/catalog/service-filter-form";
import { ServiceList } from "@/components/catalog/service-list";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";
import { byNextCursor, SEARCH_PAGE_SIZE, SERVICE_PAGE_SIZE } from "@/components/paging";
import { SearchResults } from "@/components/catalog/search-results";
import { InvalidSearch } from "@/components/catalog/invalid-search";
import { SponsoredSlot } from "@/components/catalog/sponsored-slot";

export const metadata: Metadata = { title: "Browse services" };

export default async function ServicesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = filtersFromSearchParams(await searchParams);
  const { q } = filters;
  const loaded = await loadPageData<unknown>((qc) =>
    Promise.all([
      q
        ? qc
            .fetchQuery(trpc.catalog.search.queryOptions({ ...filters, q, limit: SEARCH_PAGE_SIZE }))
            .then((r) => r.services)
        : qc
            .fetchInfiniteQuery(
              trpc.catalog.list.infiniteQueryOptions({ ...filters, limit: SERVICE_PAGE_SIZE }, byNextCursor),
            )
            .then((r) => r.pages[0]!.services),
      qc.fetchQuery(trpc.catalog.sponsored.queryOptions({ q, capability: filters.capability })),
    ]),
  );
  return (
    <HydrateClient>
      <div className="space-y-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Browse services</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Third-party APIs that agents pay per request with x402. Every offer can be called through the marketplace,
            which records what happened.
          </p>
        </div>
        <ServiceFilterForm filters={filters} />
        {!loaded.ok ? (
          <InvalidSearch message={loaded.invalidInput} />
        ) : (
          <>
            <SponsoredSlot filters={filters} />
            {q ? <SearchResults filters={{ ...filters, q }} /> : <ServiceList filters={filters} />}
          </>
        )}
      </div>
    </HydrateClient>
  );
}
