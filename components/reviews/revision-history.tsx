"use client";
// Every version of a review, newest first. An edit adds a revision and keeps the earlier ones.
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { formatDate } from "@/components/ui/format";
import { Stars } from "@/components/ui/stars";

export function RevisionHistory({ reviewId }: { reviewId: string }) {
  const trpc = useTRPC();
  const { data: revisions } = useSuspenseQuery(trpc.reviews.history.queryOptions({ id: reviewId }));
  const total = revisions.length;
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="text-xl font-semibold">
        Revision history
      </h2>
      {total <= 1 ? (
        <p className="text-sm text-slate-600">
          Not edited since it was written{revisions[0] ? ` on ${formatDate(revisions[0].created_at)}` : ""}.
        </p>
      ) : (
        <ol className="space-y-3" aria-label={`${total} revisions, newest first`}>
          {revisions.map((v) => (
            <li key={v.number}>
              <article
                aria-labelledby={`revision-${v.number}`}
                className="rounded-lg border border-slate-200 bg-white p-4"
                data-testid="revision"
              >
                <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <h3 id={`revision-${v.number}`} className="font-semibold">
                    Revision {v.number} of {total}
                    {v.number === total && <span className="font-normal text-slate-600"> (current)</span>}
                  </h3>
                  <time className="text-slate-600" dateTime={new Date(v.created_at).toISOString()}>
                    {formatDate(v.created_at)}
                  </time>
                  <Stars rating={v.rating} />
                </header>
                <p className="mt-2 font-medium break-words">{v.title}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{v.body}</p>
                {v.tags.length > 0 && <p className="mt-2 text-xs text-slate-600">Tags: {v.tags.join(", ")}</p>}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
