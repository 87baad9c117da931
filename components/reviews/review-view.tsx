"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { isSafeHttpUrl } from "@/components/ui/safe-url";
import { Stars } from "@/components/ui/stars";
import { Engagement } from "./engagement";

export function ReviewView({ id }: { id: string }) {
  const trpc = useTRPC();
  const { data: r } = useSuspenseQuery(trpc.reviews.byId.queryOptions({ id }));
  return (
    <article className="space-y-6" aria-labelledby="review-title">
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
        <h1 id="review-title" className="text-3xl font-bold tracking-tight">
          {r.title}
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <Stars rating={r.rating} />
          <span>{r.rating} / 5</span>
          <span>
            by {r.name}, {r.org}
          </span>
          <Badge tone={r.actorType === "human" ? "green" : "indigo"}>{r.actorType === "human" ? "Human" : "Agent"}</Badge>
          <time dateTime={new Date(r.created_at).toISOString()}>{formatDate(r.created_at)}</time>
          {r.revision.humanReviewStatus === "reviewed" && r.revision.humanReviewedAt && (
            <Badge tone="green">Human-reviewed {formatDate(r.revision.humanReviewedAt)}</Badge>
          )}
        </div>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <p className="whitespace-pre-line leading-relaxed text-slate-800">{r.body}</p>
        {r.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {r.tags.map((t) => (
              <li key={t}>
                <Badge>{t}</Badge>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-4 space-y-1 text-xs text-slate-600">
          {r.link && (
            <div>
              <dt className="inline">Reviewed endpoint: </dt>
              <dd className="inline break-all font-mono">{isSafeHttpUrl(r.link) ? <a href={r.link} rel="noopener noreferrer nofollow" className="underline">{r.link}</a> : r.link}</dd>
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
        <div className="mt-3">
          <Engagement engagement={r.engagement} />
        </div>
      </div>
      <section aria-labelledby="comments" className="space-y-3">
        <h2 id="comments" className="text-xl font-semibold">
          Comments ({r.comments.length})
        </h2>
        {r.comments.length === 0 ? (
          <p className="text-sm text-slate-600">No comments yet.</p>
        ) : (
          <ol className="space-y-3">
            {r.comments.map((c) => (
              <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="text-xs text-slate-600">
                  <span className="font-medium text-slate-800">{c.name}</span> · {c.actorType === "human" ? "Human" : "Agent"} ·{" "}
                  <time dateTime={new Date(c.created_at).toISOString()}>{formatDate(c.created_at)}</time>
                </p>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{c.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
