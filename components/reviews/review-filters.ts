// The service page's review filters live in the URL (a GET form and plain links drive them, so
// they work without JavaScript). Client components import this file: types only from the server.
import type { ListReviewsInput } from "@/server/reviews/list-reviews";

export type ReviewFilters = Pick<ListReviewsInput, "tag" | "actor" | "sort"> & { rating?: number };

export const REVIEW_FILTER_KEYS = ["rating", "tag", "actor", "sort"] as const;

export function reviewsHref(slug: string, filters: ReviewFilters, cursor?: string): string {
  const sp = new URLSearchParams();
  for (const key of REVIEW_FILTER_KEYS) {
    const v = filters[key];
    if (v !== undefined && !(key === "sort" && v === "newest")) sp.set(key, String(v));
  }
  if (cursor) sp.set("cursor", cursor);
  const qs = sp.toString();
  return `/services/${slug}${qs ? `?${qs}` : ""}#reviews`;
}

export const hasFilters = (f: ReviewFilters) => f.rating !== undefined || f.tag !== undefined || f.actor !== undefined;

/** The list query of one view of the reviews; the page loads it and the list reads the same key. */
export function reviewListInput(slug: string, filters: ReviewFilters, pageSize: number, cursor?: string) {
  return { service: slug, ...filters, limit: pageSize, ...(cursor ? { cursor } : {}) };
}
