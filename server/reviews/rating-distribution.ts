// How a service's published reviews spread over the ratings 1 to 5 (the service page's chart).
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { getServiceInput, serviceSlugSchema } from "../catalog/get-service";

export const ratingDistributionInput = getServiceInput;

export const ratingDistributionSchema = z.object({
  total: z.number().int(),
  // Always five entries, rating 5 first (the order a reader scans a distribution in).
  counts: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })).length(5),
});
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>;

export async function getRatingDistribution(slug: string): Promise<RatingDistribution> {
  // A malformed slug (U+0000 included) names no service: the same 404 as an unknown one.
  const service = serviceSlugSchema.safeParse(slug).success
    ? await db.service.findUnique({ where: { slug }, select: { id: true } })
    : null;
  if (!service) throw new AppError("not_found", `No service with slug "${slug}".`);
  const groups = await db.review.groupBy({
    by: ["rating"],
    where: { serviceId: service.id, status: "published" },
    _count: { _all: true },
  });
  const byRating = new Map(groups.map((g) => [g.rating, g._count._all]));
  const counts = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: byRating.get(rating) ?? 0 }));
  return { total: counts.reduce((sum, c) => sum + c.count, 0), counts };
}
