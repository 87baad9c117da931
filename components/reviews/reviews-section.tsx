"use client";
// The service page's reviews: filters and sort (a GET form and links, so they work without
// JavaScript and keep their state in the URL), the list, and the loading state while a new view
// of the list is fetched. With JavaScript the same URLs are opened in a transition, so the old
// list stays on screen, marked busy, until the new one is ready.
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { REVIEW_PAGE_SIZE } from "@/components/paging";
import type { ReviewTags } from "@/server/reviews/review-tags";
import { ReviewFilterForm } from "./review-filter-form";
import { reviewsHref, type ReviewFilters } from "./review-filters";
import { ServiceReviewList } from "./service-review-list";

export interface ReviewsSectionProps {
  slug: string;
  filters: ReviewFilters;
  cursor?: string;
  tags: ReviewTags;
  /** Set when the URL's page of reviews could not be read (a broken or forged cursor). */
  invalidInput?: string;
}

export function ReviewsSection({ slug, filters, cursor, tags, invalidInput }: ReviewsSectionProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // The fragment is for the no-JavaScript path (the browser scrolls there); here nothing scrolls.
  const navigate = (href: string) =>
    startTransition(() => router.push(href.replace(/#reviews$/, ""), { scroll: false }));
  return (
    <div className="space-y-4">
      <ReviewFilterForm slug={slug} filters={filters} tags={tags} navigate={navigate} />
      <p role="status" className="min-h-5 text-sm text-slate-600">
        {pending ? "Loading reviews…" : ""}
      </p>
      <div aria-busy={pending} className={pending ? "opacity-50 transition-opacity" : undefined}>
        {invalidInput ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p>This page of reviews cannot be shown: {invalidInput}</p>
            <a href={reviewsHref(slug, filters)} className="mt-2 inline-block font-medium underline">
              Show the first page
            </a>
          </div>
        ) : (
          <ServiceReviewList
            key={JSON.stringify([filters, cursor])}
            slug={slug}
            filters={filters}
            cursor={cursor}
            pageSize={REVIEW_PAGE_SIZE}
            navigate={navigate}
          />
        )}
      </div>
    </div>
  );
}
