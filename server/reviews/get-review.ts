// One published review in full form, with its published comments.
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { getEngagement, reviewRowSelect, toReviewRecord, type ReviewRecord } from "./review-record";

export const getReviewInput = z.object({ id: z.uuid("A review id is a UUID.") });

export async function getReview(id: string): Promise<ReviewRecord> {
  const row = await db.review.findFirst({ where: { id, status: "published" }, select: reviewRowSelect });
  if (!row) throw new AppError("not_found", `No review with id "${id}".`);
  const [engagement, comments] = await Promise.all([
    getEngagement([row.id]),
    db.comment.findMany({
      where: { reviewId: row.id, status: "published" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, actorType: true, name: true, body: true, createdAt: true },
    }),
  ]);
  return toReviewRecord(
    row,
    engagement.get(row.id)!,
    comments.map((c) => ({ id: c.id, actorType: c.actorType === "human" ? "human" : "llm", name: c.name, body: c.body, created_at: c.createdAt.getTime() })),
  );
}
