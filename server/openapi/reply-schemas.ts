// Response shapes written by the payment layer and the REST helpers (purchase-reply.ts,
// purchase-phases.ts, respond.ts) as zod schemas, for the OpenAPI document and its tests.
import { z } from "zod";
import { shortlistPurchaseSchema } from "../shortlist/result-schema";
import { commentSchema, engagementSchema, reviewSchema } from "../reviews/review-record";
import { engagementKindSchema } from "../reviews/toggle-engagement";
import { RECOVERY_HEADER } from "../payments/purchase-recovery-authorization";

export const issueSchema = z.object({
  path: z.string().describe("Dotted path of the offending field (`conditions.0.requirement`), or the header name."),
  message: z.string(),
});

/** Body of every error of the free APIs (server/http/respond.ts). */
export const apiErrorSchema = z.object({
  error: z
    .string()
    .describe(
      "Machine-readable code: invalid_request, invalid_json, unauthorized, forbidden, not_found, method_not_allowed, conflict, payload_too_large, " +
        "unsupported_media_type, idempotency_key_reused, rate_limited, database_unavailable, server_busy, internal_error.",
    ),
  message: z.string().describe("What went wrong, for people."),
  issues: z.array(issueSchema).optional().describe("With invalid_request: one entry per broken rule."),
});

/** A 4xx answer of a purchase: decided before anything is verified or settled. */
function refusalSchema<const Codes extends readonly [string, ...string[]]>(codes: Codes, withIssues = false) {
  return z.object({
    error: z.enum(codes).describe("Machine-readable code."),
    message: z.string().describe("What went wrong, for people."),
    charged: z.literal(false).describe("Nothing was verified, settled or charged for this request."),
    ...(withIssues ? { issues: z.array(issueSchema).optional().describe("With invalid_request: one entry per broken rule.") } : {}),
  });
}

export { shortlistPurchaseSchema };

export const purchaseBadRequestSchema = refusalSchema(["invalid_request", "invalid_json", "idempotency_key_mismatch", "idempotency_key_required"], true);
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
      message: z.object({ idempotencyKey: z.string(), resource: z.url(), expiresAt: z.int() }),
    })
    .describe("EIP-712 typed data to sign with the payer's key as it is (expiresAt may be changed, at most 600 s ahead)."),
});

export const purchaseConflictSchema = refusalSchema(["purchase_in_progress", "idempotency_key_in_use"]).extend({
  recovery: recoveryHintSchema.optional().describe("With idempotency_key_in_use: how to get the stored result without the original PAYMENT-SIGNATURE."),
});
/** The paid ad's 409 adds no_eligible_ad (server/ads/eligible-ad.ts) to the purchase conflicts. */
export const adPurchaseConflictSchema = purchaseConflictSchema.extend({
  error: z.enum(["no_eligible_ad", "purchase_in_progress", "idempotency_key_in_use"]).describe("Machine-readable code."),
});
export const payloadTooLargeSchema = refusalSchema(["payload_too_large"]);
export const idempotencyKeyReusedSchema = refusalSchema(["idempotency_key_reused"]);

function unavailableSchema<const Code extends string, Charged extends z.ZodType>(code: Code, charged: Charged, meaning: string) {
  return z.object({
    error: z.literal(code).describe("Machine-readable code (the same as `code`)."),
    message: z.string().describe("What happened and what to do, for people and agents."),
    code: z.literal(code).describe(meaning),
    charged,
  });
}

const paymentUnconfigured = unavailableSchema("payment_unconfigured", z.literal(false), "No payment protocol is configured for the product.");
const facilitatorUnavailable = unavailableSchema("facilitator_unavailable", z.literal(false), "The x402 facilitator could not be reached before anything was charged.");
const settlementUnknown = unavailableSchema(
  "settlement_unknown",
  z.literal("unknown"),
  "Settlement timed out or failed in transit: the payer may have been charged. Retry the identical request with the same PAYMENT-SIGNATURE; it resolves to 200 or 402.",
);
const fulfilmentPending = unavailableSchema("fulfilment_pending", z.literal(true), "Paid, but the result is not ready. Retry the identical request with the same PAYMENT-SIGNATURE.");

/** 503 of a GET (describe): never charges. */
export const describeUnavailableSchema = z.discriminatedUnion("code", [paymentUnconfigured, facilitatorUnavailable]);
/** 503 of a purchase. */
const purchaseInterrupted = unavailableSchema(
  "purchase_interrupted",
  z.union([z.literal(false), z.literal("unknown")]),
  "The database became unavailable before any settlement of this request (`charged: false`), or before the key's earlier attempts could be read (`charged: \"unknown\"`). Retry the identical request with the same PAYMENT-SIGNATURE.",
);
const serverBusy = unavailableSchema(
  "server_busy",
  z.union([z.literal(false), z.literal("unknown"), z.literal(true)]),
  "Every database connection of the instance was in use for DATABASE_CONNECT_TIMEOUT_MS; the database is healthy. `charged` is what the purchase's recorded state says " +
    "(\"unknown\" when it could not be read). Retry the identical request with the same PAYMENT-SIGNATURE after Retry-After seconds.",
);
export const purchaseUnavailableSchema = z.discriminatedUnion("code", [paymentUnconfigured, facilitatorUnavailable, settlementUnknown, fulfilmentPending, purchaseInterrupted, serverBusy]);

/** Errors of the purchase recovery route: {error, message}. */
export const recoveryErrorSchema = z.object({
  error: z.string().describe("Machine-readable code: invalid_request, unauthorized, forbidden, not_found, purchase_in_progress, server_busy, service_unavailable."),
  message: z.string().describe("What went wrong and how to build a valid Purchase-Authorization."),
  issues: z.array(issueSchema).optional().describe("With invalid_request or unauthorized: one entry per broken rule."),
});

/** GET /api/reviews/{id}. */
export const reviewResponseSchema = z.object({ ok: z.literal(true), review: reviewSchema });

/** 201 of POST /api/reviews and 200 of PATCH /api/reviews/{id}. */
export const reviewWriteResponseSchema = reviewResponseSchema;

/** 200 of POST /api/reviews/{id}/like|favorite. */
export const engagementResponseSchema = z.object({
  ok: z.literal(true),
  kind: engagementKindSchema.describe("What was toggled or set."),
  active: z.boolean().describe("Whether this token now likes (favourites) the review."),
  engagement: engagementSchema.describe("The review's counters after the change: counts of rows, split between agents (`llm`) and people (`human`)."),
});

/** 201 of POST /api/reviews/{id}/comments and 200 of PATCH …/comments/{commentId}. */
export const commentResponseSchema = z.object({ ok: z.literal(true), comment: commentSchema });

/** 200 of DELETE …/comments/{commentId}. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
