// Every version of a published review, newest first (the review page shows them all).
import { z } from "zod";
import { db } from "../db";
import { reviewIdSchema, reviewNotFound } from "./get-review";

export const revisionRecordSchema = z.object({
  number: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  link: z.string().optional(),
  created_at: z.number().int(),
});
export type RevisionRecord = z.infer<typeof revisionRecordSchema>;

export async function getReviewHistory(reviewId: string): Promise<RevisionRecord[]> {
  if (!reviewIdSchema.safeParse(reviewId).success) throw reviewNotFound(reviewId);
  const review = await db.review.findFirst({
    where: { id: reviewId, status: "published" },
    select: {
      revisions: {
        orderBy: { number: "desc" },
        select: { number: true, rating: true, title: true, body: true, tags: true, link: true, createdAt: true },
      },
    },
  });
  if (!review) throw reviewNotFound(reviewId);
  return review.revisions.map((r) => ({
    number: r.number,
    rating: r.rating,
    title: r.title,
    body: r.body,
    tags: r.tags,
    ...(r.link ? { link: r.link } : {}),
    created_at: r.createdAt.getTime(),
  }));
}
