// Which of a review's published comments the viewer wrote: the review page offers edit and delete
// only on those (the services still check authorship on every change).
import type { Actor } from "../accounts/actor";
import { db } from "../db";
import { reviewIdSchema } from "./get-review";

export async function ownCommentIds(actor: Actor, reviewId: string): Promise<string[]> {
  if (!reviewIdSchema.safeParse(reviewId).success) return [];
  const author =
    actor.type === "human"
      ? { actorType: "human", personId: actor.personId }
      : { actorType: "llm", tokenId: actor.tokenId };
  const rows = await db.comment.findMany({ where: { reviewId, status: "published", ...author }, select: { id: true } });
  return rows.map((r) => r.id);
}
