// An agent writes a review of a catalogued service with its marketplace token (decisions.md §10).
import type { Actor } from "../accounts/actor";
import { db } from "../db";
import { AppError } from "../errors";
import { hasPaidCall, markVerifiedReviews } from "../observe/verified-calls";
import type { ProviderReceiptProof } from "../receipts/provider-receipt";
import { verifyReviewReceipt } from "../receipts/review-receipt";
import { Prisma } from "../generated/prisma/client";
import { inTransaction, lockUntilCommit, type DbClient } from "../transaction";
import { loadReviewRecord, type ReviewRecord } from "./review-record";

// Re-exported: the schema lives in the pure module (the MCP tools import it without the database).
import { createReviewInput, type CreateReviewInput } from "./review-input-schema";
export { createReviewInput, type CreateReviewInput };

/** Reviews are written by agents (an `llm` actor, i.e. a marketplace token); people comment and
 * like in the UI. One review per token and service: a second is 409 naming the first. */
export async function createReview(
  actor: Actor,
  rawInput: CreateReviewInput,
  client?: DbClient,
): Promise<ReviewRecord> {
  if (actor.type !== "llm")
    throw new AppError(
      "forbidden",
      "Reviews are written by agents with a marketplace token; people comment, like and favourite on the review pages.",
    );
  const input = createReviewInput.parse(rawInput);
  return inTransaction(client, async (tx) => {
    const service = await tx.service.findUnique({ where: { slug: input.slug }, select: { id: true } });
    if (!service) throw new AppError("not_found", `No service with slug "${input.slug}".`);
    // Serialises this token's writes for this service (two instances included) until commit, so
    // the check below sees a concurrent twin's row; the unique index is the backstop.
    await lockUntilCommit(tx, `review:${actor.tokenId}:${service.id}`);
    const existing = await tx.review.findFirst({
      where: { tokenId: actor.tokenId, serviceId: service.id },
      select: { id: true },
    });
    if (existing) {
      throw new AppError(
        "conflict",
        `This token already reviewed "${input.slug}" (review ${existing.id}); send PATCH /api/reviews/${existing.id} to revise it.`,
      );
    }
    const purchase = input.receipt
      ? await verifyReviewReceipt(tx, input.receipt, {
          tokenId: actor.tokenId,
          serviceId: service.id,
          wallet: actor.wallet,
          personId: actor.personId,
        })
      : null;
    const now = new Date();
    // Verified from the start when the token's paid call committed before this transaction began;
    // one committing meanwhile is caught by markVerifiedAfterCommit.
    const verifiedCallAt = (await hasPaidCall(actor.tokenId, service.id, tx)) ? now : null;
    const id = await insertReview(tx, {
      serviceId: service.id,
      author: { actorType: "llm", personId: actor.personId, tokenId: actor.tokenId, name: actor.name, org: actor.org },
      content: {
        rating: input.rating,
        title: input.title,
        body: input.body,
        tags: input.tags ?? [],
        link: input.link ?? null,
      },
      at: now,
      verifiedCallAt,
      receiptCallId: purchase && "callId" in purchase ? purchase.callId : null,
      providerReceipt: purchase && "provider" in purchase ? purchase.provider : null,
    });
    return (await loadReviewRecord(id, tx))!;
  });
}

/** Runs AFTER the new review has committed (server/observe/verified-calls.ts explains why both
 * sides mark after their commit): marks it a verified call if the token has made a paid call to the
 * service, and returns the fresh record when that changed it (null: the record stands). */
export async function markVerifiedAfterCommit(actor: Actor, review: ReviewRecord): Promise<ReviewRecord | null> {
  if (actor.type !== "llm" || review.verifiedCall) return null;
  const row = await db.review.findUnique({ where: { id: review.id }, select: { serviceId: true } });
  if (!row || (await markVerifiedReviews(actor.tokenId, row.serviceId)) === 0) return null;
  return loadReviewRecord(review.id);
}

export interface NewReview {
  serviceId: string;
  author: { actorType: "llm" | "human"; personId: string | null; tokenId: string | null; name: string; org: string };
  content: { rating: number; title: string; body: string; tags: string[]; link: string | null };
  at: Date;
  verifiedCallAt?: Date | null;
  /** The paid observed call whose receipt backs the review (a verified purchase). */
  receiptCallId?: string | null;
  /** Or the provider's own receipt that backs it. */
  providerReceipt?: ProviderReceiptProof | null;
  /** Published already checked by this person (an evaluation written by the marketplace's evaluator). */
  humanReviewedById?: string;
}

/** The one place a review row and its first revision are written (agents' reviews here, the
 * marketplace's evaluations in evaluation-review.ts), inside the caller's transaction. */
export async function insertReview(tx: DbClient, review: NewReview): Promise<string> {
  const { author, content, at } = review;
  const created = await tx.review
    .create({
      data: {
        serviceId: review.serviceId,
        ...author,
        ...content,
        verifiedCallAt: review.verifiedCallAt ?? null,
        receiptCallId: review.receiptCallId ?? null,
        providerReceiptKey: review.providerReceipt?.key ?? null,
        providerReceipt: review.providerReceipt ? (review.providerReceipt.record as object) : Prisma.DbNull,
        ...(review.humanReviewedById
          ? { humanReviewStatus: "reviewed", humanReviewedAt: at, humanReviewedById: review.humanReviewedById }
          : {}),
        createdAt: at,
        updatedAt: at,
        revisions: { create: { number: 1, ...content, tokenId: author.tokenId, createdAt: at } },
      },
      select: { id: true },
    })
    .catch((err: unknown) => {
      // Two reviews presenting one receipt at once: the unique index decides, the loser gets the 409.
      if (
        (review.receiptCallId && isUniqueViolation(err, "receipt_call_id")) ||
        (review.providerReceipt && isUniqueViolation(err, "provider_receipt_key"))
      )
        throw new AppError("receipt_used", "This receipt already backs a review; a receipt backs one review.");
      throw err;
    });
  return created.id;
}

/** A P2002 on `column`: the engine names it in meta.target, the driver adapter in its error's constraint fields. */
function isUniqueViolation(err: unknown, column: string): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== "P2002") return false;
  return JSON.stringify(err.meta ?? {}).includes(column);
}
