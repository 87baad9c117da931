// GET /api/shop/purchases/{key} (server/payments/purchase-recovery.ts): a completed purchase's
// stored answer for a payer who lost its original PAYMENT-SIGNATURE; never charges.
import { z } from "zod";
import { PURCHASE_RECOVERY_TYPED_DATA, RECOVERY_HEADER, RECOVERY_MAX_LIFETIME_S } from "../payments/purchase-recovery-authorization";
import { idempotencyKeySchema } from "../payments/purchase-flow";
import { SCHEMA_NAMES } from "./component-schemas";
import { inlineSchema } from "./json-schema";
import type { PathsObject, ResponseObject } from "./openapi-types";
import { HEADER_NAMES, headerRef } from "./payment-headers";
import { freeReadResponses, jsonContent } from "./responses";

const noStore = { [HEADER_NAMES.cacheControl]: headerRef(HEADER_NAMES.cacheControl) };
const retryAfter = { [HEADER_NAMES.retryAfter]: headerRef(HEADER_NAMES.retryAfter) };
const error = (description: string, headers: ResponseObject["headers"] = noStore): ResponseObject => ({ description, headers, content: jsonContent(SCHEMA_NAMES.recoveryError) });

export function purchaseRecoveryPaths(): PathsObject {
  return {
    "/api/shop/purchases/{key}": {
      get: {
        operationId: "recoverPurchase",
        summary: "Get a completed purchase's result again, signed by its payer",
        description:
          "For a payer who lost the original PAYMENT-SIGNATURE of a completed purchase: returns exactly the stored 200 answer " +
          "(`idempotentReplay: true`) and its PAYMENT-RESPONSE. Authorised by the payer's EIP-712 signature of " +
          `\`PurchaseRecovery {idempotencyKey: string, resource: string, expiresAt: uint256}\` with domain ${JSON.stringify(PURCHASE_RECOVERY_TYPED_DATA.domain)}; ` +
          "`resource` is the product's URL as in PAYMENT-REQUIRED `resource.url`, `expiresAt` unix seconds in the future and at most " +
          `${RECOVERY_MAX_LIFETIME_S} s ahead. Send base64 of the JSON {payer, resource, expiresAt, signature} in ${RECOVERY_HEADER}. ` +
          "The signature is checked before the ledger is read. Nothing is verified, settled or charged. A 409 idempotency_key_in_use of a purchase carries this typed data ready to sign.",
        tags: ["Shop"],
        security: [],
        parameters: [
          { name: "key", in: "path", required: true, description: "The purchase's idempotency key (`request_id` or Idempotency-Key).", schema: inlineSchema(idempotencyKeySchema) },
          {
            name: RECOVERY_HEADER,
            in: "header",
            required: true,
            description: `Base64 (or base64url) of the JSON ${SCHEMA_NAMES.recoveryAuthorization}: {payer, resource, expiresAt, signature}.`,
            schema: inlineSchema(z.string().min(1)),
          },
        ],
        responses: {
          "200": {
            description: "The stored answer of the completed purchase, with `idempotentReplay: true`, and its PAYMENT-RESPONSE.",
            headers: { [HEADER_NAMES.paymentResponse]: headerRef(HEADER_NAMES.paymentResponse), ...noStore },
            content: jsonContent(SCHEMA_NAMES.shortlistPurchase),
          },
          "400": error("invalid_request: the key in the path breaks the key rules (`issues`)."),
          "401": error(`unauthorized: ${RECOVERY_HEADER} is missing or is not base64 JSON of {payer, resource, expiresAt, signature} (\`issues\`).`),
          "403": error("forbidden: the signature does not verify for `payer` over this key, resource and expiresAt; or it expired, or expires too far ahead; or `resource` is not a product of this marketplace."),
          "404": error("not_found: this payer has no purchase with this key for this resource, or it was never completed (nothing was charged)."),
          "409": error("purchase_in_progress: the purchase is still being processed or reconciled; retry after Retry-After seconds.", { ...retryAfter, ...noStore }),
          // Free, so rate-limited per client like the other free routes (RATE_LIMIT_RECOVERY_*).
          "429": freeReadResponses()["429"]!,
          "503": error("server_busy (no database connection free in time) or service_unavailable (the ledger cannot be read); retry after Retry-After seconds.", { ...retryAfter, ...noStore }),
        },
      },
    },
  };
}
