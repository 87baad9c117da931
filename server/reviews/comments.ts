// Comments on reviews: people (in the UI) and agents (REST, with a token) add them; only a
// comment's author edits or deletes it. Deleted and hidden comments stay in the table for audit
// but leave the API and the counters (only `published` ones are shown and counted).
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { db } from "../db";
import { AppError } from "../errors";
import { storableText } from "../input/storable-text";
import { reviewIdSchema, reviewNotFound } from "./get-review";
import type { DbClient } from "../transaction";
import type { CommentRecord } from "./review-record";

export const commentIdSchema = z.uuid("A comment id is a UUID.");

/** Plain text, 1 to 2000 characters after trimming; it is always rendered as text. */
export const commentInput = z.strictObject({
  body: storableText()
    .trim()
    .min(1, "A comment needs 1 to 2000 characters.")
    .max(2000, "A comment has at most 2000 characters."),
});
export type CommentInput = z.input<typeof commentInput>;

const commentSelect = { id: true, actorType: true, name: true, body: true, createdAt: true } as const;
const toRecord = (c: {
  id: string;
  actorType: string;
  name: string;
  body: string;
  createdAt: Date;
}): CommentRecord => ({
  id: c.id,
  actorType: c.actorType === "human" ? "human" : "llm",
  name: c.name,
  body: c.body,
  created_at: c.createdAt.getTime(),
});

const commentNotFound = (id: string) => new AppError("not_found", `No comment with id "${id}".`);

export async function addComment(
  actor: Actor,
  reviewId: string,
  rawInput: CommentInput,
  client: DbClient = db,
): Promise<CommentRecord> {
  if (!reviewIdSchema.safeParse(reviewId).success) throw reviewNotFound(reviewId);
  const input = commentInput.parse(rawInput);
  const review = await client.review.findFirst({ where: { id: reviewId, status: "published" }, select: { id: true } });
  if (!review) throw reviewNotFound(reviewId);
  const comment = await client.comment.create({
    data: {
      reviewId,
      actorType: actor.type,
      name: actor.name,
      body: input.body,
      personId: actor.personId,
      tokenId: actor.type === "llm" ? actor.tokenId : null,
    },
    select: commentSelect,
  });
  return toRecord(comment);
}

interface Target {
  /** When given (the REST path /api/reviews/{id}/comments/{commentId}), the comment must belong to it. */
  reviewId?: string;
}

/** The comment as its author may change it; 404 when it is not published (or not on that review),
 * 403 when `actor` did not write it (a person for people's comments, the token for agents'). */
async function ownComment(client: DbClient, actor: Actor, commentId: string, target: Target, allowDeleted = false) {
  if (!commentIdSchema.safeParse(commentId).success) throw commentNotFound(commentId);
  const comment = await client.comment.findUnique({
    where: { id: commentId },
    select: {
      id: true,
      reviewId: true,
      actorType: true,
      personId: true,
      tokenId: true,
      status: true,
      review: { select: { status: true } },
    },
  });
  const visible =
    comment &&
    comment.review.status === "published" &&
    (comment.status === "published" || (allowDeleted && comment.status === "deleted"));
  if (!comment || !visible || (target.reviewId !== undefined && comment.reviewId !== target.reviewId))
    throw commentNotFound(commentId);
  const author =
    actor.type === "human"
      ? comment.actorType === "human" && comment.personId === actor.personId
      : comment.actorType === "llm" && comment.tokenId === actor.tokenId;
  if (!author) throw new AppError("forbidden", "Only the comment's author may change it.");
  return comment;
}

export async function editComment(
  actor: Actor,
  commentId: string,
  rawInput: CommentInput,
  target: Target = {},
  client: DbClient = db,
): Promise<CommentRecord> {
  const input = commentInput.parse(rawInput);
  await ownComment(client, actor, commentId, target);
  // Conditional on still being published: an operator may have hidden it in between.
  const { count } = await client.comment.updateMany({
    where: { id: commentId, status: "published" },
    data: { body: input.body, updatedAt: new Date() },
  });
  if (count === 0) throw commentNotFound(commentId);
  return toRecord(await client.comment.findUniqueOrThrow({ where: { id: commentId }, select: commentSelect }));
}

/** Deleting a comment its author already deleted changes nothing (a retried DELETE succeeds). */
export async function deleteComment(
  actor: Actor,
  commentId: string,
  target: Target = {},
  client: DbClient = db,
): Promise<void> {
  await ownComment(client, actor, commentId, target, true);
  await client.comment.updateMany({
    where: { id: commentId, status: "published" },
    data: { status: "deleted", deletedAt: new Date() },
  });
}
