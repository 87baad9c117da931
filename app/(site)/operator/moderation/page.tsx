import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { REVIEW_QUEUE_PAGE } from "@/components/listings/listing-review-queue";
import { OperatorNav } from "@/components/orders/operator-nav";
import { moderationQueueInputFor } from "@/components/reviews/moderation-filters";
import {
  moderationCursorFromSearchParams,
  moderationFiltersFromSearchParams,
} from "@/components/reviews/moderation-filters-from-url";
import { ModerationView } from "@/components/reviews/moderation-view";
import { OperatorsOnly } from "@/components/reviews/operators-only";
import { createTRPCContext } from "@/server/trpc/init";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Moderation", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OperatorModerationPage({ searchParams }: Props) {
  // The same context the procedures see (cached for the request): who is signed in decides the page
  // before any operator-only data is asked for.
  const { actor } = await createTRPCContext({ headers: await headers() });
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent("/operator/moderation")}`);
  if (actor.role !== "operator") return <OperatorsOnly />;
  const sp = await searchParams;
  const filters = moderationFiltersFromSearchParams(sp);
  const cursor = moderationCursorFromSearchParams(sp);
  await loadPageData((qc) =>
    Promise.all([
      qc.fetchQuery(trpc.moderation.hiddenComments.queryOptions()),
      qc.fetchQuery(trpc.moderation.termsChanges.queryOptions()),
      qc.fetchQuery(trpc.listingReview.queue.queryOptions({ limit: REVIEW_QUEUE_PAGE })),
    ]),
  );
  // A broken cursor or an unknown service in the URL is explained above the queue.
  const loaded = await loadPageData((qc) =>
    qc.fetchQuery(trpc.moderation.queue.queryOptions(moderationQueueInputFor(filters, cursor))),
  );
  return (
    <HydrateClient>
      <div className="mb-6">
        <OperatorNav current="moderation" />
      </div>
      <ModerationView filters={filters} cursor={cursor} invalidInput={loaded.ok ? undefined : loaded.invalidInput} />
    </HydrateClient>
  );
}
