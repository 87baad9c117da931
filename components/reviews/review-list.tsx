"use client";
import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { byNextCursor, REVIEW_PAGE_SIZE } from "@/components/catalog/paging";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { Stars } from "@/components/ui/stars";
import { Engagement } from "./engagement";

export function ReviewList({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const query = useSuspenseInfiniteQuery(
    trpc.reviews.list.infiniteQueryOptions({ service: slug, limit: REVIEW_PAGE_SIZE }, byNextCursor),
  );
  const reviews = query.data.pages.flatMap((p) => p.reviews);
  if (reviews.length === 0) return <p className="text-sm text-slate-600">No reviews yet.</p>;
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {reviews.map((r) => (
          <li key={r.id}>
            <article className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">
                  <Link href={`/reviews/${r.id}`} className="hover:text-indigo-700 hover:underline">
                    {r.title}
                  </Link>
                </h3>
                <Stars rating={r.rating} />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {r.name ?? "Anonymous"} · {r.org} · <Badge tone={r.actorType === "human" ? "green" : "indigo"}>{r.actorType === "human" ? "Human" : "Agent"}</Badge> ·{" "}
                <time dateTime={new Date(r.created_at).toISOString()}>{formatDate(r.created_at)}</time>
              </p>
              <p className="mt-2 text-sm text-slate-700">{r.body}</p>
              <div className="mt-2">
                <Engagement engagement={r.engagement} compact />
              </div>
            </article>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {query.isFetchingNextPage ? "Loading…" : "Show more reviews"}
        </button>
      )}
    </div>
  );
}
