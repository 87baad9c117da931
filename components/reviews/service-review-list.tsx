"use client";
// One view of a service's reviews. The first page was loaded by the page (from the URL's cursor,
// if any); "Show more reviews" is a link to the next page, which with JavaScript appends that page
// here instead of navigating. Each page is its own query (the cursor is part of its key).
import { useQueries, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { isPlainClick } from "./plain-click";
import { ReviewCard } from "./review-card";
import { hasFilters, reviewListInput, reviewsHref, type ReviewFilters } from "./review-filters";

interface Props {
  slug: string;
  filters: ReviewFilters;
  cursor?: string;
  pageSize: number;
  navigate: (href: string) => void;
}

export function ServiceReviewList({ slug, filters, cursor, pageSize, navigate }: Props) {
  const trpc = useTRPC();
  const first = useSuspenseQuery(trpc.reviews.list.queryOptions(reviewListInput(slug, filters, pageSize, cursor)));
  const [more, setMore] = useState<string[]>([]);
  const extra = useQueries({
    queries: more.map((c) => trpc.reviews.list.queryOptions(reviewListInput(slug, filters, pageSize, c))),
  });
  const pages = [first.data, ...extra.flatMap((q) => (q.data ? [q.data] : []))];
  // A like between two page loads can move a review across the "most liked" cursor: show it once.
  const seen = new Set<string>();
  const reviews = pages.flatMap((p) => p.reviews).filter((r) => !seen.has(r.id) && seen.add(r.id));
  const tail = extra.at(-1);
  const loadingMore = tail?.isPending ?? false;
  const failed = tail?.isError ? tail : undefined;
  const nextCursor = loadingMore || failed ? null : pages.at(-1)!.nextCursor;

  if (reviews.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {hasFilters(filters) ? (
          <>
            <p>No reviews match these filters.</p>
            <a
              href={reviewsHref(slug, { sort: filters.sort })}
              className="mt-2 inline-block font-medium text-indigo-700 underline"
            >
              Clear filters
            </a>
          </>
        ) : cursor ? (
          <p>No more reviews.</p>
        ) : (
          <p>No reviews yet.</p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Reviews">
        {reviews.map((r) => (
          <li key={r.id}>
            <ReviewCard review={r} />
          </li>
        ))}
      </ul>
      {failed && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          More reviews could not be loaded.{" "}
          <button type="button" onClick={() => void failed.refetch()} className="font-medium underline">
            Try again
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-4 text-sm">
        {loadingMore && (
          <span role="status" className="text-slate-600">
            Loading more reviews…
          </span>
        )}
        {nextCursor && (
          <a
            href={reviewsHref(slug, filters, nextCursor)}
            onClick={(e) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              setMore((m) => [...m, nextCursor]);
            }}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
          >
            Show more reviews
          </a>
        )}
        {cursor && (
          <a
            href={reviewsHref(slug, filters)}
            onClick={(e) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              navigate(reviewsHref(slug, filters));
            }}
            className="text-indigo-700 underline"
          >
            Back to the first page
          </a>
        )}
      </div>
    </div>
  );
}
