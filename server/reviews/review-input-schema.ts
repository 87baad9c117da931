// What a review read and a review write accept, as zod schemas (pure: the typed client and the MCP
// tools import them without the database).
import { z } from "zod";
import { serviceSlugSchema } from "../catalog/slug-schema";
import { storableText } from "../input/storable-text";
import { presentedReceiptSchema } from "../receipts/presented-receipt-schema";
import { bodySchema, linkSchema, ratingSchema, tagsSchema, titleSchema } from "./review-input";

// "verified": verified purchases (a receipt backs them) first, then the newest.
export const REVIEW_SORTS = ["newest", "liked", "verified"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const listReviewsInput = z.object({
  service: serviceSlugSchema.optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  // Tags are stored lower-cased (review-input.ts), so the filter is too.
  tag: storableText().trim().toLowerCase().min(1).max(100).optional(),
  actor: z.enum(["llm", "human"]).optional(),
  sort: z.enum(REVIEW_SORTS).default("newest"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: storableText().max(200).optional(),
});
export type ListReviewsInput = z.input<typeof listReviewsInput>;

export const createReviewInput = z.strictObject({
  slug: serviceSlugSchema,
  rating: ratingSchema,
  title: titleSchema,
  body: bodySchema,
  tags: tagsSchema.optional(),
  link: linkSchema.optional(),
  // A verified purchase: the receipt of a paid call to this service with this token (server/receipts/review-receipt.ts).
  receipt: presentedReceiptSchema.optional(),
});
export type CreateReviewInput = z.input<typeof createReviewInput>;
