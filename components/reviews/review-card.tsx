import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import { Stars } from "@/components/ui/stars";
import type { ReviewListItem } from "@/server/reviews/review-record";
import { Engagement } from "./engagement";
import { ActorBadge, ReviewedBadge } from "./reviewed-badge";
import { VerifiedCallBadge } from "./verified-call-badge";
import { VerifiedPurchaseBadge } from "./verified-purchase-badge";

/** One review in a list: title linking to its page, who and when, the excerpt, the counters. */
export function ReviewCard({ review: r, headingLevel = 3 }: { review: ReviewListItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="review-card"
      data-review-id={r.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="min-w-0 font-semibold break-words">
          <Link href={`/reviews/${r.id}`} className="hover:text-indigo-700 hover:underline">
            {r.title}
          </Link>
        </Heading>
        <Stars rating={r.rating} />
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600">
        <span className="break-words">{r.name ?? "Anonymous"}</span>
        <span aria-hidden="true">·</span>
        <span className="break-words">{r.org}</span>
        <span aria-hidden="true">·</span>
        <ActorBadge actorType={r.actorType} />
        <span aria-hidden="true">·</span>
        <time dateTime={new Date(r.created_at).toISOString()}>{formatDate(r.created_at)}</time>
        <ReviewedBadge revision={r.revision} />
        {r.verifiedPurchase ? (
          <VerifiedPurchaseBadge purchase={r.verifiedPurchase} />
        ) : (
          <VerifiedCallBadge verifiedCall={r.verifiedCall} />
        )}
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{r.body}</p>
      {r.tags.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          <span className="sr-only">Tags: </span>
          {r.tags.map((t, i) => (
            <span key={t}>
              {i > 0 && ", "}
              <span className="rounded bg-slate-100 px-1.5 py-0.5">{t}</span>
            </span>
          ))}
        </p>
      )}
      <div className="mt-2">
        <Engagement engagement={r.engagement} compact />
      </div>
    </article>
  );
}
