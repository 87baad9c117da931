"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RatingDistribution } from "@/components/reviews/rating-distribution";
import { ReviewsSection, type ReviewsSectionProps } from "@/components/reviews/reviews-section";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatNumber, formatUsd } from "@/components/ui/format";
import { Stars } from "@/components/ui/stars";
import { Stat } from "@/components/ui/stat";
import { isListedService } from "@/server/catalog/listing-source";
import { CAPABILITY_LABELS } from "@/server/catalog/vocabulary";
import { CallCharts } from "./call-charts";
import { FactList } from "./fact-list";
import { HealthSection } from "./health/health-section";
import { OfferTable } from "./offer-table";
import { TestStatusBadge } from "./test-status";

/** Where the record came from: the host of a URL source, else the source as written (an imported
 * file may name itself with a URN, which has no host). */
function catalogSourceLabel(source: string): string {
  try {
    return new URL(source).hostname || source;
  } catch {
    return source;
  }
}

export function ServiceProfileView({ reviews }: { reviews: ReviewsSectionProps }) {
  const { slug } = reviews;
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.catalog.profile.queryOptions({ slug }));
  const { data: distribution } = useSuspenseQuery(trpc.reviews.ratingDistribution.queryOptions({ slug }));
  const s = data.record.service;
  const offerLabel = (id: string) => {
    const o = s.offers.find((x) => x.id === id);
    return o
      ? `${o.method} ${o.path}${s.protocols.length > 1 ? ` (${o.protocol === "mpp" ? "MPP" : o.protocol})` : ""}`
      : id;
  };
  return (
    <div className="space-y-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href="/services" className="underline hover:text-slate-900">
          Services
        </Link>{" "}
        / <span aria-current="page">{s.name}</span>
      </nav>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{s.name}</h1>
          <TestStatusBadge status={s.testStatus} />
          {s.sandbox && (
            <Badge tone="amber">
              <span title="Answered by the marketplace's simulated provider, paid in test funds on the local ledger">
                Sandbox
              </span>
            </Badge>
          )}
          {/* Listed by its provider: whether every payee signed the ownership message (EIP-712). */}
          {isListedService(s.catalogSource) &&
            (s.payeeVerified ? (
              <Badge tone="green">Payee verified</Badge>
            ) : (
              <Badge tone="amber">Payee not verified</Badge>
            ))}
        </div>
        <p className="max-w-3xl text-lg text-slate-700">{s.description}</p>
        <div className="flex flex-wrap gap-2">
          {s.capabilities.map((c) => (
            <Badge key={c} tone="indigo">
              {CAPABILITY_LABELS[c]}
            </Badge>
          ))}
          {s.tags.map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={s.website} className="text-indigo-700 underline" rel="noopener noreferrer nofollow">
            Website
          </a>
          <a href={s.docsUrl} className="text-indigo-700 underline" rel="noopener noreferrer nofollow">
            Provider docs
          </a>
          <a href={`/api/catalog/services/${slug}`} className="text-indigo-700 underline">
            Service record (JSON)
          </a>
        </p>
      </header>

      <section aria-labelledby="stats" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="stats" className="sr-only">
          At a glance
        </h2>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <Stat label="Starting price" value={formatUsd(s.startingPriceUsd)} />
          <Stat label="Offers" value={String(s.offerCount)} />
          <Stat label="Calls (30 days)" value={formatNumber(s.calls30d)} />
          <Stat label="Unique payers (30 days)" value={formatNumber(s.uniquePayers30d)} />
          <Stat label="Reviews" value={String(s.reviewCount)} />
          <Stat label="Tested" value={s.testedAt ? formatDate(s.testedAt) : "Not yet"} />
        </dl>
        {/* The review average whatever the test status (the record's `rating` stays null while untested). */}
        {s.reviewRating !== null && (
          <p className="mt-3 text-sm text-slate-700">
            <Stars rating={s.reviewRating} label="Review average" /> {s.reviewRating.toFixed(1)} review average from{" "}
            {s.reviewCount} review
            {s.reviewCount === 1 ? "" : "s"}
          </p>
        )}
        <p className="mt-3 text-xs text-slate-500">
          Vendor: {s.entity.name} · Payment: {s.protocols.join(", ")} ·{" "}
          {s.supportsCredits ? "Accepts prepaid credits" : "Pay per request only"} · Catalogued from{" "}
          {catalogSourceLabel(s.catalogSource)} on {formatDate(s.catalogObservedAt)}
        </p>
      </section>

      <section aria-labelledby="offers" className="space-y-3">
        <h2 id="offers" className="text-xl font-semibold">
          Offers
        </h2>
        <OfferTable offers={s.offers} />
      </section>

      <HealthSection slug={slug} offerLabel={offerLabel} />

      <CallCharts slug={slug} />

      <section aria-labelledby="facts" className="space-y-3">
        <h2 id="facts" className="text-xl font-semibold">
          Facts and evidence
        </h2>
        <FactList facts={data.facts} evidence={data.evidence} />
      </section>

      <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-4 space-y-4">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          Reviews
        </h2>
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 lg:self-start">
            {s.reviewRating !== null && (
              <p className="text-sm text-slate-700">
                <span className="text-2xl font-bold text-slate-900">{s.reviewRating.toFixed(1)}</span>{" "}
                <Stars rating={s.reviewRating} label="Review average" /> review average
              </p>
            )}
            <RatingDistribution distribution={distribution} />
          </div>
          <ReviewsSection {...reviews} />
        </div>
      </section>
    </div>
  );
}
