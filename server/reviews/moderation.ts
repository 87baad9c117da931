// Moderation, for operators only: the queue of reviews no person has checked yet (oldest first),
// marking one reviewed, hiding abusive comments (kept for audit, gone from counters and the API).
import { z } from "zod";
import { isOperator, type Actor } from "../accounts/actor";
import { serviceSlugSchema } from "../catalog/get-service";
import { db } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { cursorTimeMs, decodeCursor, encodeCursor } from "../input/cursor";
import { storableText } from "../input/storable-text";
import { commentIdSchema } from "./comments";
import { reviewIdSchema, reviewNotFound } from "./get-review";
import {
  loadReviewRecord,
  reviewRowSelect,
  toReviewListItems,
  type ReviewListItem,
  type ReviewRecord,
} from "./review-record";

function assertOperator(actor: Actor): asserts actor is Extract<Actor, { type: "human" }> {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only marketplace operators may moderate.");
}

export const moderationQueueInput = z.strictObject({
  service: serviceSlugSchema.optional(),
  actorType: z.enum(["llm", "human"]).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: storableText().max(200).optional(),
});
export type ModerationQueueInput = z.input<typeof moderationQueueInput>;

// (createdAt in epoch ms, id) of the last row of the page.
const cursorSchema = z.tuple([cursorTimeMs(), z.uuid()]);

/** Published reviews not yet human-reviewed, oldest first, keyset-paginated. */
export async function listModerationQueue(
  actor: Actor,
  rawInput: ModerationQueueInput = {},
): Promise<{ reviews: ReviewListItem[]; nextCursor: string | null }> {
  assertOperator(actor);
  const input = moderationQueueInput.parse(rawInput);
  const where: Prisma.ReviewWhereInput = { status: "published", humanReviewStatus: "not_required" };
  if (input.service) {
    const service = await db.service.findUnique({ where: { slug: input.service }, select: { id: true } });
    if (!service) throw new AppError("not_found", `No service with slug "${input.service}".`);
    where.serviceId = service.id;
  }
  if (input.actorType) where.actorType = input.actorType;
  if (input.rating) where.rating = input.rating;
  if (input.cursor) {
    const [ms, id] = decodeCursor(cursorSchema, input.cursor);
    const at = new Date(ms);
    where.OR = [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: id } }];
  }
  const rows = await db.review.findMany({
    where,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.limit + 1,
    select: reviewRowSelect,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    reviews: await toReviewListItems(page),
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.createdAt.getTime(), last.id]) : null,
  };
}

/** Marks a review human-reviewed; marking it again keeps the first time and operator. */
export async function markReviewed(actor: Actor, reviewId: string): Promise<ReviewRecord> {
  assertOperator(actor);
  if (!reviewIdSchema.safeParse(reviewId).success) throw reviewNotFound(reviewId);
  await db.review.updateMany({
    where: { id: reviewId, status: "published", humanReviewStatus: { not: "reviewed" } },
    data: { humanReviewStatus: "reviewed", humanReviewedAt: new Date(), humanReviewedById: actor.personId },
  });
  const review = await loadReviewRecord(reviewId);
  if (!review) throw reviewNotFound(reviewId);
  return review;
}

export const hideReasonSchema = storableText()
  .trim()
  .min(1, "Say why the comment is hidden (1 to 500 characters).")
  .max(500, "A reason has at most 500 characters.");

/** Hides a published comment; hiding a hidden one keeps the first reason. Deleted comments are
 * already gone (404). */
export async function hideComment(actor: Actor, commentId: string, reason: string): Promise<void> {
  assertOperator(actor);
  const why = hideReasonSchema.parse(reason);
  const notFound = () => new AppError("not_found", `No comment with id "${commentId}".`);
  if (!commentIdSchema.safeParse(commentId).success) throw notFound();
  const { count } = await db.comment.updateMany({
    where: { id: commentId, status: "published" },
    data: { status: "hidden", hiddenAt: new Date(), hiddenById: actor.personId, hiddenReason: why },
  });
  if (count > 0) return;
  const found = await db.comment.findUnique({ where: { id: commentId }, select: { status: true } });
  if (found?.status !== "hidden") throw notFound();
}

export interface HiddenCommentRecord {
  id: string;
  reviewId: string;
  actorType: "llm" | "human";
  name: string;
  body: string;
  created_at: number;
  hiddenAt: number;
  hiddenBy: { id: string; name: string } | null;
  hiddenReason: string;
}

export const HIDDEN_COMMENTS_SHOWN = 200;

/** The audit view: hidden comments, most recently hidden first (the newest HIDDEN_COMMENTS_SHOWN). */
export async function listHiddenComments(actor: Actor): Promise<HiddenCommentRecord[]> {
  assertOperator(actor);
  const rows = await db.comment.findMany({
    where: { status: "hidden" },
    orderBy: [{ hiddenAt: "desc" }, { id: "asc" }],
    take: HIDDEN_COMMENTS_SHOWN,
    select: {
      id: true,
      reviewId: true,
      actorType: true,
      name: true,
      body: true,
      createdAt: true,
      hiddenAt: true,
      hiddenById: true,
      hiddenReason: true,
    },
  });
  const operatorIds = [...new Set(rows.flatMap((r) => (r.hiddenById ? [r.hiddenById] : [])))];
  const operators = new Map(
    (await db.person.findMany({ where: { id: { in: operatorIds } }, select: { id: true, name: true } })).map((p) => [
      p.id,
      p,
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    reviewId: r.reviewId,
    actorType: r.actorType === "human" ? "human" : "llm",
    name: r.name,
    body: r.body,
    created_at: r.createdAt.getTime(),
    hiddenAt: (r.hiddenAt ?? r.createdAt).getTime(),
    hiddenBy: r.hiddenById ? (operators.get(r.hiddenById) ?? { id: r.hiddenById, name: "(deleted account)" }) : null,
    hiddenReason: r.hiddenReason ?? "",
  }));
}
