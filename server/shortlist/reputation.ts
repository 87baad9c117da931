// Reputation facts from published reviews, plus a Bayesian average (toward the catalogue mean)
// used only for ranking in `all` mode, so one glowing review does not beat twenty good ones.
import { roundRating } from "../catalog/review-stats";
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";

export interface Reputation {
  /** The review average (one decimal, null without reviews); the answer's `rating` is it only for a tested service (ratingFields). */
  reviewRating: number | null;
  reviewCount: number;
  humanReviewedCount: number;
  /** Reviews written with a token that made a paid call to the service through the observer. */
  verifiedReviewCount: number;
  /** Of those, the reviews backed by the marketplace's signed receipt of the call ("verified purchase"). */
  verifiedPurchaseReviewCount: number;
  lastReviewAt: string | null;
  /** When the newest of those verified-call reviews was published (a fit reason cites it). */
  lastVerifiedReviewAt: string | null;
}

export const PRIOR_WEIGHT = 5;

// The prior's mean is a smoothing constant: one more review moves it by a few thousandths. Each
// process rereads it at most every MEAN_RECHECK_MS instead of once per shortlist (a scan of every
// published review, and a statement in each paid purchase), and concurrent shortlists share a read.
const MEAN_RECHECK_MS = 30_000;
let mean: { value: number; readAt: number } | undefined;
let meanLoading: Promise<number> | undefined;

async function readCatalogMeanRating(): Promise<number> {
  const [row] = await sqlQuery<{ mean: number | null }>(
    Prisma.sql`SELECT avg(rating)::float8 AS mean FROM reviews WHERE status = 'published'`,
  );
  return row?.mean ?? 3;
}

/** The mean rating of all published reviews (3 without any), at most MEAN_RECHECK_MS old. */
export async function catalogMeanRating(now = Date.now()): Promise<number> {
  if (mean && now - mean.readAt < MEAN_RECHECK_MS) return mean.value;
  meanLoading ??= readCatalogMeanRating()
    .then((value) => {
      mean = { value, readAt: now };
      return value;
    })
    .finally(() => (meanLoading = undefined));
  return meanLoading;
}

/** A service's published reviews in figures (load-candidates.ts reads them with the candidate). */
export interface ReviewFigures {
  count: number;
  mean: number | null;
  lastAt: Date | null;
  humanReviewed: number;
  verified: number;
  verifiedPurchases: number;
  lastVerifiedAt: Date | null;
}

export function reputationOf(reviews: ReviewFigures, catalogMean: number): Reputation & { bayes: number } {
  return {
    reviewRating: roundRating(reviews.mean),
    reviewCount: reviews.count,
    humanReviewedCount: reviews.humanReviewed,
    verifiedReviewCount: reviews.verified,
    verifiedPurchaseReviewCount: reviews.verifiedPurchases,
    lastReviewAt: reviews.lastAt ? new Date(reviews.lastAt).toISOString() : null,
    lastVerifiedReviewAt: reviews.lastVerifiedAt ? new Date(reviews.lastVerifiedAt).toISOString() : null,
    bayes: (PRIOR_WEIGHT * catalogMean + (reviews.mean ?? 0) * reviews.count) / (PRIOR_WEIGHT + reviews.count),
  };
}
