// Live review figures per service (dataMode "snapshot+live-reviews"): count, mean, latest.
import { db } from "../db";
import { urls } from "./urls";

export interface ReviewStats {
  reviewCount: number;
  rating: number | null; // mean of published ratings, one decimal
  lastReview: { id: string; url: string; title: string; rating: number; created_at: number } | null;
}

const EMPTY: ReviewStats = { reviewCount: 0, rating: null, lastReview: null };

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
      rating: roundRating(g._avg.rating),
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
