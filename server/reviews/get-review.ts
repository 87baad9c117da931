// One published review in full form, with its published comments.
import { z } from "zod";
import { AppError } from "../errors";
import { loadReviewRecord, type ReviewRecord } from "./review-record";

export const reviewIdSchema = z.uuid("A review id is a UUID.");
export const getReviewInput = z.object({ id: reviewIdSchema });

export const reviewNotFound = (id: string) => new AppError("not_found", `No review with id "${id}".`);

export async function getReview(id: string): Promise<ReviewRecord> {
  // A malformed id names no review (and the uuid column would refuse the query).
  const review = reviewIdSchema.safeParse(id).success ? await loadReviewRecord(id) : null;
  if (!review) throw reviewNotFound(id);
  return review;
}
