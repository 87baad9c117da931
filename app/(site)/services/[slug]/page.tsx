import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { byNextCursor, REVIEW_PAGE_SIZE } from "@/components/catalog/paging";
import { ServiceProfileView } from "@/components/catalog/service-profile";
import { getServiceInput } from "@/server/catalog/get-service";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

type Props = { params: Promise<{ slug: string }> };

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

export default async function ServicePage({ params }: Props) {
  const { slug } = await params;
  await load(slug);
  await loadPageData((qc) => qc.fetchInfiniteQuery(trpc.reviews.list.infiniteQueryOptions({ service: slug, limit: REVIEW_PAGE_SIZE }, byNextCursor)));
  return (
    <HydrateClient>
      <ServiceProfileView slug={slug} />
    </HydrateClient>
  );
}
