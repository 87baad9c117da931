// How paying works, in the document's own words: info.description and the security scheme.
import type { SecuritySchemeObject } from "./openapi-types";

export const X402_SCHEME_NAME = "x402";

export function x402SecurityScheme(): SecuritySchemeObject {
  return {
    type: "apiKey",
    in: "header",
    name: "PAYMENT-SIGNATURE",
    description:
      "x402 v2 payment, no account. The credential is a signed payment for one request: an x402 `PaymentPayload` built from " +
      "the PAYMENT-REQUIRED challenge of a 402, sent in PAYMENT-SIGNATURE when retrying the identical request.",
  };
}

export function apiDescription(baseUrl: string): string {
  return [
    "A marketplace where software agents buy fixed-price operations and pay per request with x402 v2; catalog, search and review reads are free.",
    "",
    "## Paying with x402 v2",
    "",
    "1. Send the request without payment (or `GET` the product). The answer is **402** with the `PAYMENT-REQUIRED` header: " +
      "a base64 JSON `PaymentRequired` whose `accepts` lists the price (scheme `exact`, network, asset, amount in atomic units, payTo; " +
      "the sub-cent products add a `batch-settlement` entry after it: one deposit into a channel, then a voucher per purchase). " +
      "The body repeats the product, its request schema and a complete example, plus free links. " +
      "`PaymentRequired.extensions` declares x402's `bazaar` (method, body example and its JSON Schema) and `payment-identifier` (optional).",
    "2. Sign an EIP-3009 `transferWithAuthorization` for one of the `accepts` and retry the identical method, URL and JSON " +
      "with the base64 `PaymentPayload` in `PAYMENT-SIGNATURE` and an idempotency key: `request_id` in the body, the `Idempotency-Key` header, " +
      "or the `payment-identifier` extension's `id` in the `PaymentPayload` (16–128 of A–Z a–z 0–9 _ -); those sent must be equal (else 400 `idempotency_key_mismatch`).",
    "3. The marketplace validates the body, claims the key and the authorization's nonce, verifies, settles and answers **200** " +
      "with the result and a `PAYMENT-RESPONSE` header (the settlement). One authorization pays for one purchase, ever.",
    "4. Replaying the identical request with the original `PAYMENT-SIGNATURE` returns the stored 200 (`idempotentReplay: true`) without a second charge. " +
      "Under a `payment-identifier` id a retry may sign a fresh authorization (as x402 clients do): it is verified, never settled, and gets the stored answer; " +
      "the same id for another body is 409 `payment_identifier_reused`.",
    "",
    "Before signing, `POST` the body to the product's path followed by `/validate` (for example `/api/shop/shortlist/validate`): it runs every check a purchase " +
      "applies to the body and answers 200 or 400 with the `issues`, for free. Queued products (placements, evaluations) answer **202** with an `order` instead of 200.",
    "",
    'A refused payment is a 402 with a fresh challenge whose `error` is the x402 reason: sign again. A 503 with `charged: "unknown"` ' +
      "or `true` means the payment may have gone through: retry the identical request with the same signature (do not sign again) " +
      "after `Retry-After` seconds; it resolves to 200, or to 402 if nothing was charged. " +
      "Header values are valid base64 and base64url at once, so `base64 -d` decodes them. " +
      `Official clients (\`@x402/fetch\`) do all of this; see ${baseUrl}/docs. ` +
      `While the local test ledger is active, \`POST ${baseUrl}/api/dev/faucet\` credits test USDC.`,
  ].join("\n");
}
