"use client";
// The operator's page: reviews no person has checked yet (oldest first, filterable, each with
// "Mark reviewed"), and the audit list of hidden comments. Comments are hidden from the review
// page, where they can be read in context.
import { useMutation, useQueries, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { OpenTermsChanges } from "@/components/catalog/health/open-terms-changes";
import { RunServiceTest } from "@/components/catalog/run-service-test";
import { ListingReviewQueue } from "@/components/listings/listing-review-queue";
import { useTRPC } from "@/components/trpc/client";
import { formatDate } from "@/components/ui/format";
import type { ReviewListItem } from "@/server/reviews/review-record";
import { errorMessage } from "./error-message";
import { AuthorSelect, filterFieldClass, LabelledField, RatingSelect } from "./filter-fields";
import { moderationHref, moderationQueueInputFor, type ModerationFilters } from "./moderation-filters";
import { isPlainClick } from "./plain-click";
import { ReviewCard } from "./review-card";
import { ActorBadge } from "./reviewed-badge";

interface Props {
  filters: ModerationFilters;
  cursor?: string;
  invalidInput?: string;
}

export function ModerationView({ filters, cursor, invalidInput }: Props) {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Moderation</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Reviews no person has checked yet, oldest first. Marking one reviewed shows the badge wherever it appears.
        </p>
      </div>
      <ListingReviewQueue />
      <OpenTermsChanges />
      <RunServiceTest />
      <section aria-labelledby="queue-heading" className="space-y-4">
        <h2 id="queue-heading" className="text-xl font-semibold">
          Review queue
        </h2>
        <QueueFilterForm filters={filters} />
        {invalidInput ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p>This view of the queue cannot be shown: {invalidInput}</p>
            <a href={moderationHref({})} className="mt-2 inline-block font-medium underline">
              Show the whole queue
            </a>
          </div>
        ) : (
          <Queue key={JSON.stringify([filters, cursor])} filters={filters} cursor={cursor} />
        )}
      </section>
      <HiddenComments />
    </div>
  );
}

function QueueFilterForm({ filters }: { filters: ModerationFilters }) {
  const any = filters.service || filters.actorType || filters.rating !== undefined;
  return (
    <form
      key={JSON.stringify(filters)}
      action="/operator/moderation"
      method="get"
      aria-label="Filter the queue"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
    >
      <LabelledField id="queue-service" label="Service (slug)">
        <input
          id="queue-service"
          name="service"
          defaultValue={filters.service ?? ""}
          className={filterFieldClass}
          maxLength={120}
          autoComplete="off"
        />
      </LabelledField>
      <AuthorSelect id="queue-actor" name="actorType" value={filters.actorType} />
      <RatingSelect id="queue-rating" value={filters.rating} />
      <div className="flex items-end gap-3">
        <button
          type="submit"
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          Apply
        </button>
        {any && (
          <a href={moderationHref({})} className="py-2 text-sm text-indigo-700 underline">
            Clear filters
          </a>
        )}
      </div>
    </form>
  );
}

function Queue({ filters, cursor }: { filters: ModerationFilters; cursor?: string }) {
  const trpc = useTRPC();
  const first = useSuspenseQuery(trpc.moderation.queue.queryOptions(moderationQueueInputFor(filters, cursor)));
  const [more, setMore] = useState<string[]>([]);
  const extra = useQueries({
    queries: more.map((c) => trpc.moderation.queue.queryOptions(moderationQueueInputFor(filters, c))),
  });
  // Reviews marked here stay listed (with their badge) until the next load, so the list does not jump.
  const [marked, setMarked] = useState<Map<string, ReviewListItem>>(new Map());
  const pages = [first.data, ...extra.flatMap((q) => (q.data ? [q.data] : []))];
  const reviews = pages.flatMap((p) => p.reviews).map((r) => marked.get(r.id) ?? r);
  const tail = extra.at(-1);
  const nextCursor = tail?.isPending || tail?.isError ? null : pages.at(-1)!.nextCursor;

  if (reviews.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        Nothing to review{filters.service || filters.actorType || filters.rating ? " with these filters" : ""}. All
        caught up.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label="Reviews waiting for a person">
        {reviews.map((r) => (
          <li key={r.id} className="space-y-2">
            <p className="text-xs text-slate-600">
              <Link href={`/services/${r.slug}`} className="underline">
                {r.subject}
              </Link>{" "}
              ·{" "}
              <a href={moderationHref({ ...filters, service: r.slug })} className="underline">
                only this service
              </a>
            </p>
            <ReviewCard review={r} />
            <MarkReviewed review={r} onMarked={(updated) => setMarked((m) => new Map(m).set(updated.id, updated))} />
          </li>
        ))}
      </ol>
      {tail?.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Loading more reviews…
        </p>
      )}
      {tail?.isError && (
        <p role="alert" className="text-sm text-red-700">
          More reviews could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void tail.refetch()}>
            Try again
          </button>
        </p>
      )}
      {nextCursor && (
        <a
          href={moderationHref(filters, nextCursor)}
          onClick={(e) => {
            if (!isPlainClick(e)) return;
            e.preventDefault();
            setMore((m) => [...m, nextCursor]);
          }}
          className="inline-block rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Show more reviews
        </a>
      )}
    </div>
  );
}

function MarkReviewed({ review, onMarked }: { review: ReviewListItem; onMarked: (r: ReviewListItem) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mark = useMutation(
    trpc.moderation.markReviewed.mutationOptions({
      onSuccess: (full) => {
        onMarked({ ...review, revision: full.revision });
        // Other views of this review (its page, lists) show the badge on their next read.
        void queryClient.invalidateQueries({ queryKey: trpc.reviews.byId.queryKey({ id: review.id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.reviews.list.queryKey() });
      },
    }),
  );
  const done = review.revision.humanReviewStatus === "reviewed";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        disabled={done || mark.isPending}
        onClick={() => mark.mutate({ id: review.id })}
        className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 disabled:bg-slate-400"
        aria-label={done ? `Marked reviewed: ${review.title}` : `Mark reviewed: ${review.title}`}
      >
        {done ? "Marked reviewed" : mark.isPending ? "Marking…" : "Mark reviewed"}
      </button>
      {mark.isError && (
        <span role="alert" className="text-sm text-red-700">
          {errorMessage(mark.error, "Could not mark it reviewed. Please try again.")}
        </span>
      )}
    </div>
  );
}

function HiddenComments() {
  const trpc = useTRPC();
  const { data: hidden } = useSuspenseQuery(trpc.moderation.hiddenComments.queryOptions());
  return (
    <section aria-labelledby="hidden-heading" className="space-y-3">
      <h2 id="hidden-heading" className="text-xl font-semibold">
        Hidden comments
      </h2>
      <p className="text-sm text-slate-600">
        Kept for audit: hidden comments no longer show on reviews, in the API or in the counters. Hide one from its
        review page.
      </p>
      {hidden.length === 0 ? (
        <p className="text-sm text-slate-600">No comment has been hidden.</p>
      ) : (
        <ol className="space-y-3">
          {hidden.map((c) => (
            <li
              key={c.id}
              className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
              data-testid="hidden-comment"
            >
              <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600">
                <span className="font-medium break-words text-slate-800">{c.name}</span>
                <ActorBadge actorType={c.actorType} />
                <span>wrote on {formatDate(c.created_at)}</span>
                <span aria-hidden="true">·</span>
                <Link href={`/reviews/${c.reviewId}`} className="underline">
                  the review
                </Link>
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-800">{c.body}</p>
              <p className="mt-2 text-xs text-slate-700">
                Hidden {formatDate(c.hiddenAt)} by {c.hiddenBy?.name ?? "an operator"}:{" "}
                <span className="break-words">{c.hiddenReason}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
