// The review record of the specification, full form and list form, as pure zod schemas (no
// database), shared by the API, the OpenAPI document and the typed client.
import { z } from "zod";

const counter = z.object({ llm: z.number().int(), human: z.number().int() });
export const engagementSchema = z.object({ likes: counter, favorites: counter, comments: counter });
export type Engagement = z.infer<typeof engagementSchema>;

const revisionSchema = z.object({
  count: z.number().int(),
  humanReviewStatus: z.enum(["not_required", "reviewed"]),
  humanReviewedAt: z
    .number()
    .int()
    .min(0)
    .describe("When an operator marked the review human-reviewed, in milliseconds since the Unix epoch (UTC).")
    .optional(),
});

export const commentSchema = z.object({
  id: z.string(),
  actorType: z.enum(["llm", "human"]),
  name: z.string(),
  body: z.string(),
  created_at: z
    .number()
    .int()
    .min(0)
    .describe("When the comment was written, in milliseconds since the Unix epoch (UTC)."),
});
export type CommentRecord = z.infer<typeof commentSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  url: z.url().describe("The review's page."),
  slug: z.string(),
  // Not in the specification's table: who wrote it, mirroring comments' actorType (docs/decisions.md).
  actorType: z.enum(["llm", "human"]),
  company: z.string(),
  org: z.string(),
  name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  tags: z.array(z.string()),
  body: z.string(),
  // Always present in full form: the stored link, else the reviewed service's endpoint.
  link: z.url(),
  created_at: z
    .number()
    .int()
    .min(0)
    .describe("When the review was published, in milliseconds since the Unix epoch (UTC)."),
  updated_at: z
    .number()
    .int()
    .min(0)
    .describe("When the review was last revised (or published), in milliseconds since the Unix epoch (UTC)."),
  revision: revisionSchema,
  engagement: engagementSchema,
  comments: z.array(commentSchema),
  // Additive (docs/decisions.md): written with a token that has made a paid call to this service
  // through the marketplace's observer route.
  verifiedCall: z.boolean(),
  // Additive (docs/decisions.md "Receipts"): the author presented the marketplace's signed receipt of
  // one paid call to this service with this token (a verified purchase is then a verified call too),
  // or the provider's own receipt of a payment by the author's wallet (not necessarily through the observer).
  verifiedPurchase: z
    .object({
      issuer: z
        .enum(["marketplace", "provider"])
        .describe(
          "Whose signed receipt backs the review: the marketplace's (a paid call through the observer) or the provider's own (signed with the key of the offer's payTo).",
        ),
      amount: z
        .string()
        .nullable()
        .describe("The catalogued price of the offer, in USD (decimal text); null when the offer was not priced."),
      asset: z.string().nullable().describe("The payment asset of the offer (a token address), when known."),
      network: z.string().nullable().describe("The network the provider named for the payment, when it did."),
      paid_at: z
        .number()
        .int()
        .min(0)
        .describe(
          "When the paid call was answered (the provider's receipt: when it was issued), in milliseconds since the Unix epoch (UTC).",
        ),
    })
    .nullable()
    .describe('Set when a receipt of a paid call backs the review ("verified purchase"); null otherwise.'),
});
export type ReviewRecord = z.infer<typeof reviewSchema>;

/** Comments a list-form review carries at most (the oldest ones); the full form has all of them and
 * `engagement.comments` always counts all. */
export const LIST_COMMENTS_CAP = 20;

// List form: `subject` instead of `company`, body cut with an ellipsis, no `updated_at`; `name`
// and `link` optional in the schema (the specification's table) though we always send both, link
// derived as in the full form; comments capped at LIST_COMMENTS_CAP.
export const reviewListItemSchema = reviewSchema
  .omit({ company: true, updated_at: true, name: true, link: true })
  .extend({ subject: z.string(), name: z.string().optional(), link: z.url().optional() });
export type ReviewListItem = z.infer<typeof reviewListItemSchema>;

export const reviewListSchema = z.object({ reviews: z.array(reviewListItemSchema), nextCursor: z.string().nullable() });
export type ReviewList = z.infer<typeof reviewListSchema>;
