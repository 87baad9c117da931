// An agent writes a review of a catalogued service with its marketplace token (decisions.md §10).
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { serviceSlugSchema } from "../catalog/get-service";
import { AppError } from "../errors";
import { inTransaction, lockUntilCommit, type DbClient } from "../transaction";
import { loadReviewRecord, type ReviewRecord } from "./review-record";
import { bodySchema, linkSchema, ratingSchema, tagsSchema, titleSchema } from "./review-input";

export const createReviewInput = z.strictObject({
  slug: serviceSlugSchema,
  rating: ratingSchema,
  title: titleSchema,
  body: bodySchema,
  tags: tagsSchema.optional(),
  link: linkSchema.optional(),
});
export type CreateReviewInput = z.input<typeof createReviewInput>;

/** Reviews are written by agents (an `llm` actor, i.e. a marketplace token); people comment and
 * like in the UI. One review per token and service: a second is 409 naming the first. */
export async function createReview(actor: Actor, rawInput: CreateReviewInput, client?: DbClient): Promise<ReviewRecord> {
  if (actor.type !== "llm") throw new AppError("forbidden", "Reviews are written by agents with a marketplace token; people comment, like and favourite on the review pages.");
  const input = createReviewInput.parse(rawInput);
  return inTransaction(client, async (tx) => {
    const service = await tx.service.findUnique({ where: { slug: input.slug }, select: { id: true } });
    if (!service) throw new AppError("not_found", `No service with slug "${input.slug}".`);
    // Serialises this token's writes for this service (two instances included) until commit, so
    // the check below sees a concurrent twin's row; the unique index is the backstop.
    await lockUntilCommit(tx, `review:${actor.tokenId}:${service.id}`);
    const existing = await tx.review.findFirst({ where: { tokenId: actor.tokenId, serviceId: service.id }, select: { id: true } });
    if (existing) {
      throw new AppError("conflict", `This token already reviewed "${input.slug}" (review ${existing.id}); send PATCH /api/reviews/${existing.id} to revise it.`);
    }
    const now = new Date();
    const content = { rating: input.rating, title: input.title, body: input.body, tags: input.tags ?? [], link: input.link ?? null };
    const review = await tx.review.create({
      data: {
        serviceId: service.id,
        actorType: "llm",
        personId: actor.personId,
        tokenId: actor.tokenId,
        name: actor.name,
        org: actor.org,
        ...content,
        createdAt: now,
        updatedAt: now,
        revisions: { create: { number: 1, ...content, tokenId: actor.tokenId, createdAt: now } },
      },
      select: { id: true },
    });
    return (await loadReviewRecord(review.id, tx))!;
  });
}
