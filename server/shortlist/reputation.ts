// Reputation facts from published reviews, plus a Bayesian average (toward the catalogue mean)
// used only for ranking in `all` mode, so one glowing review does not beat twenty good ones.
import { db } from "../db";

export interface Reputation {
  rating: number | null;
  reviewCount: number;
  humanReviewedCount: number;
  lastReviewAt: string | null;
}

export const PRIOR_WEIGHT = 5;

export async function loadReputation(ids: string[]): Promise<{ byId: Map<string, Reputation & { bayes: number }>; catalogMean: number }> {
  const [groups, reviewed, overall] = await Promise.all([
    db.review.groupBy({ by: ["serviceId"], where: { serviceId: { in: ids }, status: "published" }, _count: { _all: true }, _avg: { rating: true }, _max: { createdAt: true } }),
    db.review.groupBy({ by: ["serviceId"], where: { serviceId: { in: ids }, status: "published", humanReviewStatus: "reviewed" }, _count: { _all: true } }),
    db.review.aggregate({ where: { status: "published" }, _avg: { rating: true } }),
  ]);
  const catalogMean = overall._avg.rating ?? 3;
  const reviewedBy = new Map(reviewed.map((r) => [r.serviceId, r._count._all]));
  const groupBy = new Map(groups.map((g) => [g.serviceId, g]));
  const byId = new Map(
    ids.map((id) => {
      const g = groupBy.get(id);
      const n = g?._count._all ?? 0;
      const avg = g?._avg.rating ?? null;
      return [
        id,
        {
          rating: avg === null ? null : Math.round(avg * 10) / 10,
          reviewCount: n,
          humanReviewedCount: reviewedBy.get(id) ?? 0,
          lastReviewAt: g?._max.createdAt?.toISOString() ?? null,
          bayes: (PRIOR_WEIGHT * catalogMean + (avg ?? 0) * n) / (PRIOR_WEIGHT + n),
        },
      ];
    }),
  );
  return { byId, catalogMean };
}
