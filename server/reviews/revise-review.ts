// Its author revises a review: a new revision row, the review updated, earlier revisions kept.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import type { Actor } from "../accounts/actor";
import { AppError } from "../errors";
import { reviewIdSchema, reviewNotFound } from "./get-review";
import { inTransaction, type DbClient } from "../transaction";
import { loadReviewRecord, type ReviewRecord } from "./review-record";
import { bodySchema, linkSchema, ratingSchema, tagsSchema, titleSchema } from "./review-input";

export const reviseReviewInput = z
  .strictObject({
    rating: ratingSchema.optional(),
    title: titleSchema.optional(),
    body: bodySchema.optional(),
    tags: tagsSchema.optional(),
    // null removes the stored link (the review then shows its service's endpoint).
    link: linkSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send at least one of rating, title, body, tags, link.",
  });
export type ReviseReviewInput = z.input<typeof reviseReviewInput>;

interface LockedReview {
  token_id: string | null;
  person_id: string | null;
  rating: number;
  title: string;
  body: string;
  tags: string[];
  link: string | null;
}

/** Only the review's author may revise it: the token that wrote it, or another (unrevoked, as
 * authenticateToken guarantees) token of the same owner. A revised review needs a new human
 * review: its status goes back to `not_required`. */
export async function reviseReview(
  actor: Actor,
  reviewId: string,
  rawInput: ReviseReviewInput,
  client?: DbClient,
): Promise<ReviewRecord> {
  if (!reviewIdSchema.safeParse(reviewId).success) throw reviewNotFound(reviewId);
  const input = reviseReviewInput.parse(rawInput);
  return inTransaction(client, async (tx) => {
    // The row lock orders concurrent revisions: each reads the latest number after the previous commit.
    const [review] = await tx.$queryRaw<LockedReview[]>(Prisma.sql`
      SELECT token_id::text, person_id, rating, title, body, tags, link FROM reviews
      WHERE id = ${reviewId}::uuid AND status = 'published' FOR UPDATE`);
    if (!review) throw reviewNotFound(reviewId);
    const author =
      actor.type === "llm" &&
      (review.token_id === actor.tokenId || (review.person_id !== null && review.person_id === actor.personId));
    if (!author)
      throw new AppError(
        "forbidden",
        "Only the review's author (its token, or another token of the same owner) may revise it.",
      );
    const latest = await tx.reviewRevision.aggregate({ where: { reviewId }, _max: { number: true } });
    const content = {
      rating: input.rating ?? review.rating,
      title: input.title ?? review.title,
      body: input.body ?? review.body,
      tags: input.tags ?? review.tags,
      link: input.link === undefined ? review.link : input.link,
    };
    const now = new Date();
    const number = (latest._max.number ?? 0) + 1;
    await tx.reviewRevision.create({
      data: { reviewId, number, ...content, tokenId: actor.type === "llm" ? actor.tokenId : null, createdAt: now },
    });
    await tx.review.update({
      where: { id: reviewId },
      data: {
        ...content,
        updatedAt: now,
        humanReviewStatus: "not_required",
        humanReviewedAt: null,
        humanReviewedById: null,
      },
    });
    return (await loadReviewRecord(reviewId, tx))!;
  });
}
