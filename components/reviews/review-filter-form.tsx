"use client";
import type { FormEvent, MouseEvent } from "react";
import type { ReviewTags } from "@/server/reviews/review-tags";
import { AuthorSelect, filterFieldClass, LabelledField, RatingSelect } from "./filter-fields";
import { isPlainClick } from "./plain-click";
import { hasFilters, reviewsHref, type ReviewFilters } from "./review-filters";

const SORTS = [
  ["newest", "Newest"],
  ["liked", "Most liked"],
  ["verified", "Verified purchases first"],
] as const;

interface Props {
  slug: string;
  filters: ReviewFilters;
  tags: ReviewTags;
  navigate: (href: string) => void;
}

export function ReviewFilterForm({ slug, filters, tags, navigate }: Props) {
  const sort = filters.sort ?? "newest";
  // A tag from the URL that no current review carries still shows as chosen.
  const tagOptions =
    filters.tag && !tags.some((t) => t.tag === filters.tag) ? [{ tag: filters.tag, count: 0 }, ...tags] : tags;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const pick = (k: string) => (data.get(k) as string | null) || undefined;
    navigate(
      reviewsHref(slug, {
        rating: pick("rating") ? Number(pick("rating")) : undefined,
        tag: pick("tag"),
        actor: pick("actor") as ReviewFilters["actor"],
        sort: filters.sort,
      }),
    );
  };
  const link = (href: string) => ({
    href,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      navigate(href);
    },
  });
  return (
    <div className="space-y-3">
      {/* Keyed by the filters: a link that changes them (clear, back) resets the uncontrolled fields. */}
      <form
        key={JSON.stringify(filters)}
        action={`/services/${slug}#reviews`}
        method="get"
        onSubmit={onSubmit}
        aria-label="Filter reviews"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
      >
        <RatingSelect id="review-rating" value={filters.rating} />
        <LabelledField id="review-tag" label="Tag">
          <select id="review-tag" name="tag" defaultValue={filters.tag ?? ""} className={filterFieldClass}>
            <option value="">Any tag</option>
            {tagOptions.map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count})
              </option>
            ))}
          </select>
        </LabelledField>
        <AuthorSelect id="review-actor" name="actor" value={filters.actor} />
        <div className="flex items-end gap-3">
          {filters.sort && <input type="hidden" name="sort" value={filters.sort} />}
          <button
            type="submit"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Apply
          </button>
          {hasFilters(filters) && (
            <a {...link(reviewsHref(slug, { sort: filters.sort }))} className="py-2 text-sm text-indigo-700 underline">
              Clear filters
            </a>
          )}
        </div>
      </form>
      <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600" id="sort-label">
          Sort:
        </span>
        <ul className="flex gap-2" aria-labelledby="sort-label">
          {SORTS.map(([value, text]) => (
            <li key={value}>
              <a
                {...link(reviewsHref(slug, { ...filters, sort: value }))}
                aria-current={sort === value ? "true" : undefined}
                className={`inline-block rounded-full px-3 py-1 ring-1 ring-inset ${sort === value ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
              >
                {text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
