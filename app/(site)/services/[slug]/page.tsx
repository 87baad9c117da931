import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { REVIEW_PAGE_SIZE } from "@/components/paging";
import { ServiceProfileView } from "@/components/catalog/service-profile";
import { reviewListInput } from "@/components/reviews/review-filters";
import {
  reviewCursorFromSearchParams,
  reviewFiltersFromSearchParams,
} from "@/components/reviews/review-filters-from-url";
import { getServiceInput } from "@/server/catalog/get-service";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function load(slug: string) {
  if (!getServiceInput.safeParse({ slug }).success) notFound();
  const profile = await loadPageData((qc) => qc.fetchQuery(trpc.catalog.profile.queryOptions({ slug })));
  // An invalid slug names no service.
  if (!profile.ok) notFound();
  return profile.data;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const profile = await load(slug);
  return { title: profile.record.service.name, description: profile.record.service.description };
}

export default async function ServicePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const sp = await searchParams;
  const filters = reviewFiltersFromSearchParams(sp);
  const cursor = reviewCursorFromSearchParams(sp);
  await load(slug);
  const summary = await loadPageData((qc) =>
    Promise.all([
      qc.fetchQuery(trpc.reviews.ratingDistribution.queryOptions({ slug })),
      qc.fetchQuery(trpc.reviews.tags.queryOptions({ slug })),
      // What the probes observed (the health section and the offers' health), rendered with the page.
      qc.fetchQuery(trpc.catalog.health.queryOptions({ slug })),
    ]),
  );
  if (!summary.ok) notFound();
  // A broken cursor in the URL is explained in the reviews section, not a failed page.
  const list = await loadPageData((qc) =>
    qc.fetchQuery(trpc.reviews.list.queryOptions(reviewListInput(slug, filters, REVIEW_PAGE_SIZE, cursor))),
  );
  return (
    <HydrateClient>
      <ServiceProfileView
        reviews={{
          slug,
          filters,
          cursor,
          tags: summary.data[1],
          invalidInput: list.ok ? undefined : list.invalidInput,
        }}
      />
    </HydrateClient>
  );
}
