import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewView } from "@/components/reviews/review-view";
import { getReviewInput } from "@/server/reviews/get-review";
import { getQueryClient, HydrateClient, trpc } from "@/server/trpc/server";

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  if (!getReviewInput.safeParse({ id }).success) notFound();
  const review = await getQueryClient()
    .fetchQuery(trpc.reviews.byId.queryOptions({ id }))
    .catch(() => null);
  if (!review) notFound();
  return review;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const review = await load((await params).id);
  return { title: `${review.title} — review of ${review.company}` };
}

export default async function ReviewPage({ params }: Props) {
  const { id } = await params;
  await load(id);
  return (
    <HydrateClient>
      <ReviewView id={id} />
    </HydrateClient>
  );
}
