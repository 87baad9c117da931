// Reads the service page's review filters from its URL (server side: it uses the list's schema).
// Invalid values are dropped rather than erroring, as on /services.
import { listReviewsInput } from "@/server/reviews/list-reviews";
import { REVIEW_FILTER_KEYS, type ReviewFilters } from "./review-filters";

const filterSchema = listReviewsInput.pick({ rating: true, tag: true, actor: true, sort: true });

const last = (raw: string | string[] | undefined) => (Array.isArray(raw) ? raw.at(-1) : raw);

export function reviewFiltersFromSearchParams(sp: Record<string, string | string[] | undefined>): ReviewFilters {
  const filters: Record<string, unknown> = {};
  for (const key of REVIEW_FILTER_KEYS) {
    const value = last(sp[key]);
    if (value === undefined || value === "") continue;
    const parsed = filterSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  // "newest" is the default: leaving it out keeps one URL (and one cache entry) per view.
  if (filters.sort === "newest") delete filters.sort;
  return filters as ReviewFilters;
}

/** The page of reviews a no-JavaScript "more reviews" link points at (the page checks it). */
export function reviewCursorFromSearchParams(sp: Record<string, string | string[] | undefined>): string | undefined {
  const value = last(sp.cursor);
  return value ? value : undefined;
}
