// The x402 headers and the idempotency header (decisions.md §1, §3) as reusable components.
import { z } from "zod";
import { idempotencyKeySchema } from "../payments/purchase-flow";
import { RETRY_AFTER_SECONDS } from "../payments/purchase-reply";
import { inlineSchema } from "./json-schema";
import type { HeaderObject, ParameterObject, Reference } from "./openapi-types";

// Values we emit are base64 of pure-ASCII JSON padded to a multiple of 3 bytes: letters and digits
// only, so valid standard base64 and base64url at once (decisions.md §1).
const emittedHeaderJson = z
  .string()
  .regex(/^[A-Za-z0-9]+$/)
  .meta({ contentEncoding: "base64", contentMediaType: "application/json" });

export const HEADER_NAMES = {
  paymentRequired: "PAYMENT-REQUIRED",
  paymentResponse: "PAYMENT-RESPONSE",
  retryAfter: "Retry-After",
  cacheControl: "Cache-Control",
  offerReceipt: "Offer-Receipt",
} as const;

export function paymentHeaders(): Record<string, HeaderObject> {
  return {
    [HEADER_NAMES.offerReceipt]: {
      description:
        "On a paid call's answer through the observer (and its replays): the marketplace's signed receipt of the call (x402 `offer-receipt`, " +
        "JWS ES256), as base64 of the JSON `{format, signature}`. Decoded, it is the `receipt` a review presents for a verified purchase " +
        "(MarketplaceReceipt); the key that verifies it is in /.well-known/did.json.",
      required: false,
      schema: { type: "string", contentEncoding: "base64", contentMediaType: "application/json" },
    },
    [HEADER_NAMES.paymentRequired]: {
      description:
        "x402 v2 `PaymentRequired` object: `{x402Version: 2, error, resource: {url, description, mimeType}, accepts: [{scheme, network, " +
        "amount, asset, payTo, maxTimeoutSeconds, extra}]}`, JSON encoded in base64. The value is valid base64 and base64url at once " +
        "(no `+`, `/` or `=`), so `base64 -d` decodes it. GET and an unsigned POST send identical bytes; after a refused payment " +
        "`error` names the x402 reason.",
      required: true,
      schema: inlineSchema(emittedHeaderJson),
    },
    [HEADER_NAMES.paymentResponse]: {
      description:
        "x402 v2 `SettlementResponse`: `{success: true, transaction, network, payer}` (a batch-settlement voucher: `transaction` empty, " +
        "`extra` with `chargedAmount` and the channel's `channelState`), JSON encoded like PAYMENT-REQUIRED. " +
        "A replay of a completed purchase carries the same value.",
      required: true,
      schema: inlineSchema(emittedHeaderJson),
    },
    [HEADER_NAMES.retryAfter]: {
      description:
        `Seconds to wait before retrying the identical request (currently ${RETRY_AFTER_SECONDS}). Sent with 409 purchase_in_progress ` +
        "and with 503 settlement_unknown, fulfilment_pending or server_busy.",
      required: false,
      schema: inlineSchema(z.int().min(1)),
    },
    [HEADER_NAMES.cacheControl]: {
      description: "Payment answers are per request; proxies must not store them.",
      required: true,
      schema: inlineSchema(z.literal("no-store")),
    },
  };
}

export const PARAMETER_NAMES = { paymentSignature: "PaymentSignature", idempotencyKey: "IdempotencyKey" } as const;

export function paymentParameters(): Record<string, ParameterObject> {
  return {
    [PARAMETER_NAMES.paymentSignature]: {
      name: "PAYMENT-SIGNATURE",
      in: "header",
      required: false,
      description:
        "x402 v2 `PaymentPayload` for the `exact` EVM scheme (an EIP-3009 transferWithAuthorization signed for one of the " +
        "`accepts` of PAYMENT-REQUIRED), JSON in standard base64 or base64url, padded or not. Absent: 402 with the challenge, " +
        'before the body is read. To replay a completed purchase, send the original value again. Its `extensions["payment-identifier"].info.id`, ' +
        "when present, is the purchase's idempotency key (a retry under it may carry a fresh authorization: verified, not settled, answered with the stored result).",
      schema: inlineSchema(z.string().min(1)),
    },
    [PARAMETER_NAMES.idempotencyKey]: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "The purchase's idempotency key when the body has no `request_id`; `request_id`, this header and a payment-identifier id " +
        "must be equal when more than one is sent. A signed purchase needs one of them.",
      schema: inlineSchema(idempotencyKeySchema),
    },
  };
}

export const headerRef = (name: string): Reference => ({ $ref: `#/components/headers/${name}` });
export const parameterRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` });
