// A person's (or agent's) favourite reviews for the account page: published ones only, the most
// recently favourited first. Hidden reviews drop out; the favourite row stays, so it comes back if
// the review is published again.
import type { Actor } from "../accounts/actor";
import { actorKey } from "../accounts/actor";
import { db } from "../db";
import { reviewRowSelect, toReviewListItems, type ReviewListItem } from "./review-record";

/** At most this many favourites are listed (the newest). */
export const MAX_FAVORITES_LISTED = 100;

export async function listFavorites(actor: Actor): Promise<ReviewListItem[]> {
  const marks = await db.reviewEngagement.findMany({
    where: { actorKey: actorKey(actor), kind: "favorite", review: { status: "published" } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: MAX_FAVORITES_LISTED,
    select: { review: { select: reviewRowSelect } },
  });
  return toReviewListItems(marks.map((m) => m.review));
}
