// A finished evaluation (issue 13, decisions.md §5) is published as a review by the marketplace's
// evaluator: the operator who completed it writes it, and it is human-reviewed from the start
// (a person of the marketplace wrote and checked it). Written inside the order's transaction.
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { AppError } from "../errors";
import type { DbClient } from "../transaction";
import { insertReview } from "./create-review";
import { bodySchema, ratingSchema, tagsSchema, titleSchema } from "./review-input";

/** The organisation shown on evaluations: the marketplace itself, not a buyer or a vendor. */
export const EVALUATOR_ORG = "Agent Payment Marketplace";

export const evaluationReviewInput = z.strictObject({
  rating: ratingSchema,
  title: titleSchema,
  body: bodySchema,
  tags: tagsSchema.optional(),
});
export type EvaluationReviewInput = z.input<typeof evaluationReviewInput>;

type Operator = Extract<Actor, { type: "human" }>;

/** Publishes the evaluation of `serviceSlug` written by `evaluator`; returns the review's id. */
export async function publishEvaluationReview(
  tx: DbClient,
  evaluator: Operator,
  serviceSlug: string,
  rawInput: EvaluationReviewInput,
): Promise<string> {
  const input = evaluationReviewInput.parse(rawInput);
  const service = await tx.service.findUnique({ where: { slug: serviceSlug }, select: { id: true } });
  // The slug was catalogued when the evaluation was bought; a service removed since cannot be reviewed.
  if (!service) throw new AppError("not_found", `The evaluated service "${serviceSlug}" is no longer in the catalog.`);
  const now = new Date();
  return insertReview(tx, {
    serviceId: service.id,
    author: {
      actorType: "human",
      personId: evaluator.personId,
      tokenId: null,
      name: evaluator.name,
      org: EVALUATOR_ORG,
    },
    content: { rating: input.rating, title: input.title, body: input.body, tags: input.tags ?? [], link: null },
    at: now,
    humanReviewedById: evaluator.personId,
  });
}
