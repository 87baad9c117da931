// GET /api/shop/purchases/{key} (server/payments/purchase-recovery.ts): a completed purchase's
// stored answer for a payer who lost its original PAYMENT-SIGNATURE; never charges. Its documented
// answers are the stored answers of the products sold.
import {
  PURCHASE_RECOVERY_TYPED_DATA,
  RECOVERY_HEADER,
  RECOVERY_MAX_LIFETIME_S,
} from "../../payments/purchase-recovery-authorization";
import { idempotencyKeySchema } from "../../payments/purchase-flow";
import type { ProductDefinition } from "../../products/product";
import { productSchemaNames } from "../../products/product";
import { SCHEMA_NAMES } from "../../openapi/component-schemas";
import { errorResponses, FREE_HEADERS } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { inlineSchema, schemaRef } from "../../openapi/json-schema";
import type { ResponseObject } from "../../openapi/openapi-types";
import { HEADER_NAMES, headerRef } from "../../openapi/payment-headers";
import { purchaseRecoveryRoute } from "../payment-route";

const noStore = { [HEADER_NAMES.cacheControl]: headerRef(HEADER_NAMES.cacheControl) };
const retryAfter = { [HEADER_NAMES.retryAfter]: headerRef(HEADER_NAMES.retryAfter), ...noStore };

// The stored answer of whichever product was bought, with its status: each result schema once.
function storedAnswers(products: readonly ProductDefinition[]): Record<string, ResponseObject> {
  return Object.fromEntries(
    [...new Set(products.map((p) => p.successStatus))].map((status) => {
      const results = [
        ...new Set(products.filter((p) => p.successStatus === status).map((p) => productSchemaNames(p).result)),
      ].map((name) => ({ $ref: schemaRef(name) }));
      const response: ResponseObject = {
        description: `The stored ${status} answer of the completed purchase, with \`idempotentReplay: true\`, and its PAYMENT-RESPONSE.`,
        headers: { [HEADER_NAMES.paymentResponse]: headerRef(HEADER_NAMES.paymentResponse), ...noStore },
        content: { "application/json": { schema: results.length === 1 ? results[0]! : { oneOf: results } } },
      };
      return [String(status), response];
    }),
  );
}

export const recoverPurchaseOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/shop/purchases/{key}",
  operationId: "recoverPurchase",
  summary: "Get a completed purchase's result again, signed by its payer",
  description:
    "For a payer who lost the original PAYMENT-SIGNATURE of a completed purchase: returns exactly the stored answer (200, or 202 for a queued order) " +
    "(`idempotentReplay: true`) and its PAYMENT-RESPONSE. Authorised by the payer's EIP-712 signature of " +
    `\`PurchaseRecovery {idempotencyKey: string, resource: string, expiresAt: uint256}\` with domain ${JSON.stringify(PURCHASE_RECOVERY_TYPED_DATA.domain)}; ` +
    "`resource` is the product's URL as in PAYMENT-REQUIRED `resource.url`, `expiresAt` unix seconds in the future and at most " +
    `${RECOVERY_MAX_LIFETIME_S} s ahead. Send base64 of the JSON {payer, resource, expiresAt, signature} in ${RECOVERY_HEADER}. ` +
    "The signature is checked before the ledger is read. Nothing is verified, settled or charged. A 409 idempotency_key_in_use of a purchase carries this typed data ready to sign.",
  tags: ["Shop"],
  security: [],
  parameters: [
    {
      name: "key",
      in: "path",
      required: true,
      description: "The purchase's idempotency key (`request_id` or Idempotency-Key).",
      schema: inlineSchema(idempotencyKeySchema),
    },
    {
      name: RECOVERY_HEADER,
      in: "header",
      required: true,
      description: `Base64 (or base64url) of the JSON ${SCHEMA_NAMES.recoveryAuthorization}: {payer, resource, expiresAt, signature}.`,
      schema: {
        type: "string",
        minLength: 1,
        contentEncoding: "base64",
        contentMediaType: "application/json",
        contentSchema: { $ref: schemaRef(SCHEMA_NAMES.recoveryAuthorization) },
      },
    },
  ],
  responses: (products) => ({
    ...storedAnswers(products),
    // Free, so rate-limited per client like the other free routes (RATE_LIMIT_RECOVERY_*).
    ...errorResponses(
      [
        "invalid_request",
        "unauthorized",
        "forbidden",
        "not_found",
        "purchase_in_progress",
        "rate_limited",
        "server_busy",
        "service_unavailable",
      ],
      {
        headers: {
          ...Object.fromEntries(
            (["invalid_request", "unauthorized", "forbidden", "not_found"] as const).map((code) => [code, noStore]),
          ),
          purchase_in_progress: retryAfter,
          rate_limited: FREE_HEADERS.rate_limited,
          server_busy: retryAfter,
          service_unavailable: retryAfter,
        },
        detail: {
          invalid_request: "Here: the key in the path breaks the key rules.",
          unauthorized: `Here: ${RECOVERY_HEADER} is missing or is not base64 JSON of {payer, resource, expiresAt, signature} (\`issues\`).`,
          forbidden:
            "Here: the signature does not verify for `payer` over this key, resource and expiresAt; or it expired, or expires too far ahead; or `resource` is not a product of this marketplace.",
          not_found:
            "Here: this payer has no purchase with this key for this resource, or it was never completed (nothing was charged).",
          purchase_in_progress: "Here: the purchase is still being processed or reconciled.",
          service_unavailable: "Here: the ledger cannot be read.",
        },
      },
    ),
  }),
  handler: purchaseRecoveryRoute().GET,
};
