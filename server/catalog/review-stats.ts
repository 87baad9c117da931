// Live review figures per service (dataMode "snapshot+live-reviews"): count, mean, latest.
import { db } from "../db";
import { urls } from "./urls";

export interface ReviewStats {
  reviewCount: number;
  reviewRating: number | null; // mean of published ratings, one decimal (ratingFields: the record's `reviewRating`)
  lastReview: { id: string; url: string; title: string; rating: number; created_at: number } | null;
}

const EMPTY: ReviewStats = { reviewCount: 0, reviewRating: null, lastReview: null };

export async function getReviewStats(serviceIds: string[]): Promise<Map<string, ReviewStats>> {
  const result = new Map<string, ReviewStats>(serviceIds.map((id) => [id, EMPTY]));
  if (serviceIds.length === 0) return result;
  const [groups, latest] = await Promise.all([
    db.review.groupBy({
      by: ["serviceId"],
      where: { serviceId: { in: serviceIds }, status: "published" },
      _count: { _all: true },
      _avg: { rating: true },
    }),
    db.review.findMany({
      where: { serviceId: { in: serviceIds }, status: "published" },
      distinct: ["serviceId"],
      orderBy: [{ serviceId: "asc" }, { createdAt: "desc" }, { id: "asc" }],
      select: { id: true, serviceId: true, title: true, rating: true, createdAt: true },
    }),
  ]);
  const latestBy = new Map(latest.map((r) => [r.serviceId, r]));
  for (const g of groups) {
    const last = latestBy.get(g.serviceId);
    result.set(g.serviceId, {
      reviewCount: g._count._all,
      reviewRating: roundRating(g._avg.rating),
      lastReview: last
        ? {
            id: last.id,
            url: urls.review(last.id),
            title: last.title,
            rating: last.rating,
            created_at: last.createdAt.getTime(),
          }
        : null,
    });
  }
  return result;
}

/** The average rating as shown: one decimal, null without reviews. */
export function roundRating(average: number | null): number | null {
  return average === null ? null : Math.round(average * 10) / 10;
}

/**
 * The two rating fields every surface gives (record, list and search summaries, the shortlist's
 * reputation), from here so they never disagree: the specification's `rating`, null while the
 * service is untested, and the review average under its own name, `reviewRating`, whatever the
 * test status (null without published reviews). A tested service has both equal.
 */
export function ratingFields(testStatus: string, reviewRating: number | null) {
  return { rating: testStatus === "untested" ? null : reviewRating, reviewRating };
}
