// Reputation facts from published reviews, plus a Bayesian average (toward the catalogue mean)
// used only for ranking in `all` mode, so one glowing review does not beat twenty good ones.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";

export interface Reputation {
  rating: number | null;
  reviewCount: number;
  humanReviewedCount: number;
  /** Reviews written with a token that made a paid call to the service through the observer. */
  verifiedReviewCount: number;
  lastReviewAt: string | null;
}

export const PRIOR_WEIGHT = 5;

export async function catalogMeanRating(): Promise<number> {
  const [row] = await sqlQuery<{ mean: number | null }>(
    Prisma.sql`SELECT avg(rating)::float8 AS mean FROM reviews WHERE status = 'published'`,
  );
  return row?.mean ?? 3;
}

export function reputationOf(
  reviews: { count: number; mean: number | null; lastAt: Date | null; humanReviewed: number; verified: number },
  catalogMean: number,
): Reputation & { bayes: number } {
  return {
    rating: reviews.mean === null ? null : Math.round(reviews.mean * 10) / 10,
    reviewCount: reviews.count,
    humanReviewedCount: reviews.humanReviewed,
    verifiedReviewCount: reviews.verified,
    lastReviewAt: reviews.lastAt ? new Date(reviews.lastAt).toISOString() : null,
    bayes: (PRIOR_WEIGHT * catalogMean + (reviews.mean ?? 0) * reviews.count) / (PRIOR_WEIGHT + reviews.count),
  };
}
