// Response shapes written by the payment layer and the REST helpers (purchase-reply.ts,
// purchase-answers.ts, respond.ts) as zod schemas, for the OpenAPI document and its tests.
import { z } from "zod";
import { shortlistPurchaseSchema } from "../shortlist/result-schema";
import { commentSchema, engagementSchema, reviewSchema } from "../reviews/review-record";
import { engagementKindSchema } from "../reviews/toggle-engagement";
import { RECOVERY_HEADER } from "../payments/purchase-recovery-authorization";
import { ERROR_CODES, ERROR_TABLE, type ErrorCode, type ErrorCodeWithStatus } from "../errors";
import { termsChangeSchema } from "../probes/health-schema";

export const issueSchema = z.object({
  path: z.string().describe("Dotted path of the offending field (`conditions.0.requirement`), or the header name."),
  message: z.string(),
});

const errorCodeSchema = z
  .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
  .describe(
    "A code of the error table; each response of the document lists the codes it can carry, with their meaning.",
  );

/** Body of every error of the free APIs (server/http/respond.ts). */
export const apiErrorSchema = z.object({
  error: errorCodeSchema,
  message: z.string().describe("What went wrong, for people."),
  issues: z.array(issueSchema).optional().describe("With invalid_request: one entry per broken rule."),
  // With offer_terms_changed: the change that stopped the offer's routing (no .describe(): it
  // would clone the named TermsChange schema; ApiError's description says it).
  termsChange: termsChangeSchema.optional(),
  recordedStatus: z
    .int()
    .optional()
    .describe("With observed_answer_expired: the HTTP status the recorded call answered."),
  completedAt: z
    .string()
    .nullable()
    .optional()
    .describe("With observed_answer_expired: when the recorded call completed (ISO 8601)."),
});

/** The recovery hint of a 409 idempotency_key_in_use (purchase-recovery-authorization.ts recoveryHint). */
const recoveryHintSchema = z.object({
  method: z.literal("GET"),
  url: z.url().describe("GET /api/shop/purchases/{key} for this key."),
  header: z.literal(RECOVERY_HEADER),
  headerValue: z.string().describe("How to build the header value."),
  typedData: z
    .object({
      domain: z.object({ name: z.string(), version: z.string(), chainId: z.int() }),
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
      primaryType: z.literal("PurchaseRecovery"),
      message: z.object({
        idempotencyKey: z.string(),
        resource: z.url(),
        expiresAt: z.int().describe("Unix time in seconds."),
      }),
    })
    .describe(
      "EIP-712 typed data to sign with the payer's key as it is (expiresAt may be changed, at most 600 s ahead).",
    ),
});

/** A 4xx answer of a purchase (purchase-reply.ts refusal): decided before anything is verified or settled. */
export const purchaseRefusalSchema = z.object({
  error: errorCodeSchema,
  message: z.string().describe("What went wrong, for people."),
  charged: z.literal(false).describe("Nothing was verified, settled or charged for this request."),
  issues: z.array(issueSchema).optional().describe("With invalid_request: one entry per broken rule."),
  recovery: recoveryHintSchema
    .optional()
    .describe("With idempotency_key_in_use: how to get the stored result without the original PAYMENT-SIGNATURE."),
});

export { shortlistPurchaseSchema };

function unavailableSchema<const Code extends ErrorCodeWithStatus<503>, Charged extends z.ZodType>(
  code: Code,
  charged: Charged,
  chargedMeaning = "",
) {
  return z.object({
    error: z.literal(code).describe("Machine-readable code (the same as `code`)."),
    message: z.string().describe("What happened and what to do, for people and agents."),
    code: z.literal(code).describe(`${ERROR_TABLE[code].description}${chargedMeaning ? ` ${chargedMeaning}` : ""}`),
    charged,
  });
}

const paymentUnconfigured = unavailableSchema("payment_unconfigured", z.literal(false));
const facilitatorUnavailable = unavailableSchema("facilitator_unavailable", z.literal(false));
const settlementUnknown = unavailableSchema("settlement_unknown", z.literal("unknown"), "It resolves to 200 or 402.");
const fulfilmentPending = unavailableSchema("fulfilment_pending", z.literal(true));

/** 503 of a GET (describe): never charges. */
export const describeUnavailableSchema = z.discriminatedUnion("code", [paymentUnconfigured, facilitatorUnavailable]);
/** 503 of a purchase. */
const purchaseInterrupted = unavailableSchema(
  "purchase_interrupted",
  z.union([z.literal(false), z.literal("unknown")]),
  '`charged: false` when it stopped before any settlement of this request; `charged: "unknown"` when the key\'s earlier attempts could not be read.',
);
const serverBusy = unavailableSchema(
  "server_busy",
  z.union([z.literal(false), z.literal("unknown"), z.literal(true)]),
  '`charged` is what the purchase\'s recorded state says ("unknown" when it could not be read). Retry the identical request with the same PAYMENT-SIGNATURE.',
);
export const purchaseUnavailableSchema = z.discriminatedUnion("code", [
  paymentUnconfigured,
  facilitatorUnavailable,
  settlementUnknown,
  fulfilmentPending,
  purchaseInterrupted,
  serverBusy,
]);

/** 200 of POST /api/shop/{product}/validate. */
export const validationResultSchema = z.object({ ok: z.literal(true), valid: z.literal(true) });

/** GET /api/reviews/{id}. */
export const reviewResponseSchema = z.object({ ok: z.literal(true), review: reviewSchema });

/** 201 of POST /api/reviews and 200 of PATCH /api/reviews/{id}. */
export const reviewWriteResponseSchema = reviewResponseSchema;

/** 200 of POST /api/reviews/{id}/like|favorite. */
export const engagementResponseSchema = z.object({
  ok: z.literal(true),
  kind: engagementKindSchema.describe("What was toggled or set."),
  active: z.boolean().describe("Whether this token now likes (favourites) the review."),
  engagement: engagementSchema.describe(
    "The review's counters after the change: counts of rows, split between agents (`llm`) and people (`human`).",
  ),
});

/** 201 of POST /api/reviews/{id}/comments and 200 of PATCH …/comments/{commentId}. */
export const commentResponseSchema = z.object({ ok: z.literal(true), comment: commentSchema });

/** 200 of DELETE …/comments/{commentId}. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
