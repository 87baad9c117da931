import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewView } from "@/components/reviews/review-view";
import { getReviewInput } from "@/server/reviews/get-review";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  if (!getReviewInput.safeParse({ id }).success) notFound();
  const review = await loadPageData((qc) => qc.fetchQuery(trpc.reviews.byId.queryOptions({ id })));
  // An invalid id names no review.
  if (!review.ok) notFound();
  return review.data;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const review = await load((await params).id);
  return { title: `${review.title} — review of ${review.company}` };
}

export default async function ReviewPage({ params }: Props) {
  const { id } = await params;
  await load(id);
  // The history and what the visitor marked (nothing when signed out) render with the review.
  const rest = await loadPageData((qc) =>
    Promise.all([
      qc.fetchQuery(trpc.reviews.history.queryOptions({ id })),
      qc.fetchQuery(trpc.reviews.viewer.queryOptions({ id })),
    ]),
  );
  if (!rest.ok) notFound();
  return (
    <HydrateClient>
      <ReviewView id={id} />
    </HydrateClient>
  );
}
