// Likes and favourites: one row per (review, kind, actor). Toggling inserts or deletes that row,
// so the counters (counts of rows, getEngagement) can never drift, however many toggles race.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import { actorKey, type Actor } from "../accounts/actor";
import { db } from "../db";
import { reviewIdSchema, reviewNotFound } from "./get-review";
import type { DbClient } from "../transaction";
import { getEngagement, type Engagement } from "./review-record";

export const engagementKindSchema = z.enum(["like", "favorite"]);
export type EngagementKind = z.infer<typeof engagementKindSchema>;

/** The optional body of POST /api/reviews/{id}/like|favorite: `active` sets instead of toggling. */
export const engagementInput = z.strictObject({ active: z.boolean().optional() });

export interface EngagementResult {
  kind: EngagementKind;
  active: boolean;
  engagement: Engagement;
}

/** Without `desired` it toggles; with it, it sets (idempotent). Unknown or hidden review: 404. */
export async function toggleEngagement(
  actor: Actor,
  reviewId: string,
  kind: EngagementKind,
  desired?: boolean,
  client: DbClient = db,
): Promise<EngagementResult> {
  engagementKindSchema.parse(kind);
  if (!reviewIdSchema.safeParse(reviewId).success) throw reviewNotFound(reviewId);
  const review = await client.review.findFirst({ where: { id: reviewId, status: "published" }, select: { id: true } });
  if (!review) throw reviewNotFound(reviewId);
  const key = actorKey(actor);
  const insert = async () => {
    await client.$executeRaw(Prisma.sql`
      INSERT INTO review_engagements (id, review_id, kind, actor_type, actor_key)
      VALUES (gen_random_uuid(), ${reviewId}::uuid, ${kind}, ${actor.type}, ${key})
      ON CONFLICT (review_id, kind, actor_key) DO NOTHING`);
  };
  const remove = async () =>
    (await client.reviewEngagement.deleteMany({ where: { reviewId, kind, actorKey: key } })).count > 0;
  let active: boolean;
  if (desired === true) {
    await insert();
    active = true;
  } else if (desired === false) {
    await remove();
    active = false;
  } else if (await remove()) {
    active = false;
  } else {
    // Not there (or a concurrent toggle of the same actor just removed it): add it.
    await insert();
    active = true;
  }
  const engagement = (await getEngagement([reviewId], client)).get(reviewId)!;
  return { kind, active, engagement };
}
