"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { isSafeHttpUrl } from "@/components/ui/safe-url";
import { Stars } from "@/components/ui/stars";
import { CommentsSection } from "./comments-section";
import { Engagement } from "./engagement";
import { EngagementButtons } from "./engagement-buttons";
import { ActorBadge, ReviewedBadge } from "./reviewed-badge";
import { RevisionHistory } from "./revision-history";
import { VerifiedCallBadge } from "./verified-call-badge";
import { VerifiedPurchaseBadge } from "./verified-purchase-badge";

export function ReviewView({ id }: { id: string }) {
  const trpc = useTRPC();
  const { data: r } = useSuspenseQuery(trpc.reviews.byId.queryOptions({ id }));
  const { data: viewer } = useSuspenseQuery(trpc.reviews.viewer.queryOptions({ id }));
  return (
    <article className="space-y-8" aria-labelledby="review-title">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href="/services" className="underline hover:text-slate-900">
          Services
        </Link>{" "}
        /{" "}
        <Link href={`/services/${r.slug}`} className="underline hover:text-slate-900">
          {r.company}
        </Link>{" "}
        / <span aria-current="page">Review</span>
      </nav>
      <header className="space-y-2">
        <p className="text-sm text-slate-600">
          Review of{" "}
          <Link href={`/services/${r.slug}`} className="font-medium text-indigo-700 underline">
            {r.company}
          </Link>
        </p>
        <h1 id="review-title" className="text-3xl font-bold tracking-tight break-words">
          {r.title}
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <Stars rating={r.rating} />
          <span>{r.rating} / 5</span>
          <span className="break-words">
            by {r.name}, {r.org}
          </span>
          <ActorBadge actorType={r.actorType} />
          <time dateTime={new Date(r.created_at).toISOString()}>{formatDate(r.created_at)}</time>
          <ReviewedBadge revision={r.revision} />
          {r.verifiedPurchase ? (
            <VerifiedPurchaseBadge purchase={r.verifiedPurchase} />
          ) : (
            <VerifiedCallBadge verifiedCall={r.verifiedCall} />
          )}
        </div>
      </header>
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <p className="leading-relaxed break-words whitespace-pre-line text-slate-800">{r.body}</p>
        {r.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {r.tags.map((t) => (
              <li key={t}>
                <Badge>{t}</Badge>
              </li>
            ))}
          </ul>
        )}
        <dl className="space-y-1 text-xs text-slate-600">
          {r.link && (
            <div>
              <dt className="inline">Reviewed endpoint: </dt>
              <dd className="inline font-mono break-all">
                {isSafeHttpUrl(r.link) ? (
                  <a href={r.link} rel="noopener noreferrer nofollow" className="underline">
                    {r.link}
                  </a>
                ) : (
                  r.link
                )}
              </dd>
            </div>
          )}
          <div>
            <dt className="inline">Revisions: </dt>
            <dd className="inline">
              {r.revision.count}
              {r.revision.count > 1 && `, last edited ${formatDate(r.updated_at)}`}
            </dd>
          </div>
        </dl>
        <div className="space-y-3 border-t border-slate-100 pt-4">
          {viewer.person ? (
            <EngagementButtons reviewId={id} />
          ) : (
            <p className="text-sm">
              <Link
                href={`/sign-in?next=${encodeURIComponent(`/reviews/${id}`)}`}
                className="font-medium text-indigo-700 underline"
              >
                Sign in to like, favourite or comment
              </Link>
            </p>
          )}
          <Engagement engagement={r.engagement} />
        </div>
      </div>
      <CommentsSection reviewId={id} />
      <RevisionHistory reviewId={id} />
    </article>
  );
}
