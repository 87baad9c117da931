// What the viewer itself liked and favourited among some reviews (the pressed state of the buttons).
import { actorKey, type Actor } from "../accounts/actor";
import { db } from "../db";
import { reviewIdSchema } from "./get-review";

export interface ViewerMarks {
  liked: boolean;
  favorited: boolean;
}

export async function viewerEngagement(actor: Actor, reviewIds: string[]): Promise<Map<string, ViewerMarks>> {
  const ids = [...new Set(reviewIds)].filter((id) => reviewIdSchema.safeParse(id).success);
  const result = new Map<string, ViewerMarks>(reviewIds.map((id) => [id, { liked: false, favorited: false }]));
  if (ids.length === 0) return result;
  const marks = await db.reviewEngagement.findMany({
    where: { actorKey: actorKey(actor), reviewId: { in: ids } },
    select: { reviewId: true, kind: true },
  });
  for (const m of marks) {
    const v = result.get(m.reviewId)!;
    if (m.kind === "like") v.liked = true;
    else v.favorited = true;
  }
  return result;
}
