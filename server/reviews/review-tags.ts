// The tags a service's published reviews carry, most used first: the options of the service
// page's tag filter.
import { z } from "zod";
import { db, sqlQuery } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { getServiceInput, serviceSlugSchema } from "../catalog/get-service";

export const reviewTagsInput = getServiceInput;

export const reviewTagsSchema = z.array(z.object({ tag: z.string(), count: z.number().int() }));
export type ReviewTags = z.infer<typeof reviewTagsSchema>;

/** At most this many tags: a filter menu, not an index. */
export const MAX_FILTER_TAGS = 40;

export async function getReviewTags(slug: string): Promise<ReviewTags> {
  // A malformed slug (U+0000 included) names no service: the same 404 as an unknown one.
  const service = serviceSlugSchema.safeParse(slug).success
    ? await db.service.findUnique({ where: { slug }, select: { id: true } })
    : null;
  if (!service) throw new AppError("not_found", `No service with slug "${slug}".`);
  return sqlQuery<{ tag: string; count: number }>(Prisma.sql`
    SELECT t.tag, count(*)::int AS count
    FROM reviews r CROSS JOIN LATERAL unnest(r.tags) AS t(tag)
    WHERE r.service_id = ${service.id} AND r.status = 'published'
    GROUP BY t.tag
    ORDER BY count DESC, t.tag COLLATE "C" ASC
    LIMIT ${MAX_FILTER_TAGS}`);
}
