// Published reviews, newest first, optionally for one service; keyset pagination.
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { cursorTimeMs, decodeCursor, encodeCursor } from "../input/cursor";
import { storableText } from "../input/storable-text";
import { serviceSlugSchema } from "../catalog/get-service";
import { reviewListItemSchema, reviewRowSelect, toReviewListItems } from "./review-record";

export const listReviewsInput = z.object({
  service: serviceSlugSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: storableText().max(200).optional(),
});
export type ListReviewsInput = z.input<typeof listReviewsInput>;

export const reviewListSchema = z.object({ reviews: z.array(reviewListItemSchema), nextCursor: z.string().nullable() });
export type ReviewList = z.infer<typeof reviewListSchema>;

// (createdAt in epoch ms, id) of the last row.
const cursorSchema = z.tuple([cursorTimeMs(), z.uuid()]);

export async function listReviews(rawInput: ListReviewsInput): Promise<ReviewList> {
  const input = listReviewsInput.parse(rawInput);
  const where: Prisma.ReviewWhereInput = { status: "published" };
  if (input.service) {
    const service = await db.service.findUnique({ where: { slug: input.service }, select: { id: true } });
    if (!service) throw new AppError("not_found", `No service with slug "${input.service}".`);
    where.serviceId = service.id;
  }
  if (input.cursor) {
    const [ms, id] = decodeCursor(cursorSchema, input.cursor);
    const at = new Date(ms);
    where.OR = [{ createdAt: { lt: at } }, { createdAt: at, id: { gt: id } }];
  }
  const rows = await db.review.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: input.limit + 1, select: reviewRowSelect });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    reviews: await toReviewListItems(page),
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.createdAt.getTime(), last.id]) : null,
  };
}
