// What happened to a listing once approved, for its owner only (another account's listing is the
// same 404 as an unknown one): each part comes from the function the public service page or the
// service record already reads it with (offer health, the observer's call figures, the review list
// and rating distribution); only what no page showed yet (recent probes, the test rows, the call
// breakdown, the verified share) has its own read, next to the rows it reads.
import type { Actor } from "../accounts/actor";
import { db } from "../db";
import { serviceCallBreakdown, recordCallStats, WINDOW_DAYS } from "../observe/call-stats";
import { verifiedReviewShare } from "../observe/verified-calls";
import { atomicToUsd } from "../money";
import { serviceHealthObject } from "../probes/health-schema";
import { offerHealthFor } from "../probes/offer-health";
import { recentServiceProbes } from "../probes/probe-history";
import { serviceTestHistory } from "../marketplace-tests/test-history";
import { listReviews } from "../reviews/list-reviews";
import { getRatingDistribution } from "../reviews/rating-distribution";
import { listingOwner, notFound } from "./listings";
import type { ListingActivity, ListingActivityResponse } from "./provider-overview-schema";

/** How many of each list the page shows (the figures count every row of their window). */
export const ACTIVITY_LIMITS = { probes: 10, tests: 20, calls: 10, reviews: 3 } as const;

type ProbeVerdict = ListingActivity["probes"]["recent"][number]["verdict"];
type FailedCheck = ListingActivity["probes"]["recent"][number]["failedChecks"][number];

export async function getListingActivity(
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<ListingActivityResponse> {
  const listing = await db.listing.findFirst({
    where: { id, ownerKey: listingOwner(actor).ownerKey },
    select: { id: true, serviceId: true },
  });
  if (!listing) throw notFound();
  const service = listing.serviceId
    ? await db.service.findUnique({
        where: { id: listing.serviceId },
        select: { id: true, slug: true, offers: { select: { id: true, method: true, path: true } } },
      })
    : null;
  if (!service) return { ok: true, listingId: listing.id, activity: null };
  return { ok: true, listingId: listing.id, activity: await serviceActivity(service, now) };
}

async function serviceActivity(
  service: { id: string; slug: string; offers: { id: string; method: string; path: string }[] },
  now: Date,
): Promise<ListingActivity> {
  const offers = new Map(service.offers.map((o) => [o.id, o]));
  const offerOf = (offerId: string) => offers.get(offerId) ?? null;
  const [health, probes, tests, stats, breakdown, distribution, share, latest] = await Promise.all([
    offerHealthFor(service.offers.map((o) => o.id)),
    recentServiceProbes(service.id, ACTIVITY_LIMITS.probes),
    serviceTestHistory(service.id, ACTIVITY_LIMITS.tests),
    recordCallStats(service.id, now),
    serviceCallBreakdown(service.id, now, ACTIVITY_LIMITS.calls),
    getRatingDistribution(service.slug),
    verifiedReviewShare(service.id),
    listReviews({ service: service.slug, limit: ACTIVITY_LIMITS.reviews }),
  ]);
  const ratingSum = distribution.counts.reduce((sum, c) => sum + c.rating * c.count, 0);
  const calls = stats.service;
  return {
    slug: service.slug,
    windowDays: WINDOW_DAYS,
    probes: {
      health: serviceHealthObject([...health.values()]),
      offers: service.offers.map((o) => ({ offer: o, health: health.get(o.id)! })),
      recent: probes.map((p) => ({
        offer: offerOf(p.offerId) ?? { id: p.offerId, method: "", path: "" },
        probedAt: p.probedAt.toISOString(),
        verdict: p.verdict as ProbeVerdict,
        status: p.status,
        latencyMs: p.latencyMs,
        failedChecks: p.failedChecks as FailedCheck[],
        detail: p.detail,
      })),
    },
    tests: {
      total: tests.total,
      spentUsd: atomicToUsd(tests.spentAtomic),
      recent: tests.recent.map((t) => ({
        id: t.id,
        testedAt: t.testedAt.toISOString(),
        finishedAt: t.finishedAt?.toISOString() ?? null,
        trigger: t.trigger,
        offer: offerOf(t.offerId),
        offerId: t.offerId,
        outcome: t.outcome,
        status: t.status,
        latencyMs: t.latencyMs,
        excerpt: t.excerpt,
        detail: t.detail,
        spentUsd: atomicToUsd(t.spentAtomic),
        reviewId: t.reviewId,
      })),
    },
    calls: {
      ...calls,
      errorRate: calls.successRate === null ? null : Math.round((1 - calls.successRate) * 10_000) / 10_000,
      p95LatencyMs: breakdown.p95LatencyMs,
      statuses: breakdown.statuses,
      recent: breakdown.recent.map((c) => ({
        at: c.at.toISOString(),
        offer: offerOf(c.offerId),
        method: c.method,
        status: c.status,
        outcome: c.outcome,
        latencyMs: c.latencyMs,
        paid: c.paid,
      })),
    },
    reviews: {
      // The share's own count: count, verifiedCount and verifiedShare are of one statement.
      count: share.reviews,
      averageRating: distribution.total === 0 ? null : Math.round((ratingSum / distribution.total) * 10) / 10,
      verifiedCount: share.verified,
      verifiedShare: share.share,
      latest: latest.reviews,
    },
  };
}
