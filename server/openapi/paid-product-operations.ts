// The two operations of a paid product (decisions.md §2, §3): GET describes (402, never charges),
// POST buys. Statuses and headers follow server/payments/purchase-flow.ts and its replies.
import { freeLinks, PAYMENT_REQUIRED_ERROR } from "../payments/challenge";
import { X402_ASSET, X402_NETWORK } from "../payments/payment-config";
import { refusalMessage } from "../payments/refusal-messages";
import { MAX_BODY_BYTES } from "../input/json-body";
import { atomicToUsd } from "../money";
import type { ProductDefinition } from "../products/product";
import { productObject } from "../products/product-object";
import { SCHEMA_NAMES } from "./component-schemas";
import type { OperationObject, ResponseObject } from "./openapi-types";
import { HEADER_NAMES, headerRef, PARAMETER_NAMES, parameterRef } from "./payment-headers";
import { jsonContent } from "./responses";
import { X402_SCHEME_NAME } from "./x402-flow";

const noStore = { [HEADER_NAMES.cacheControl]: headerRef(HEADER_NAMES.cacheControl) };
const retryAfter = { [HEADER_NAMES.retryAfter]: headerRef(HEADER_NAMES.retryAfter) };

function challenge(product: ProductDefinition, baseUrl: string, description: string): ResponseObject {
  const example = { error: PAYMENT_REQUIRED_ERROR, message: refusalMessage(PAYMENT_REQUIRED_ERROR, product.priceAtomic), product: productObject(product, baseUrl), free: freeLinks(baseUrl) };
  return {
    description,
    headers: { [HEADER_NAMES.paymentRequired]: headerRef(HEADER_NAMES.paymentRequired), ...noStore },
    content: jsonContent(SCHEMA_NAMES.paymentRequiredBody, example),
  };
}

export function describeOperation(product: ProductDefinition, baseUrl: string, summary: string): OperationObject {
  return {
    operationId: product.describeOperationId,
    summary,
    description:
      `Answers 402 with the x402 challenge and the product (price ${atomicToUsd(product.priceAtomic)} USD, request schema, example) ` +
      "exactly as an unsigned POST does. Payment credentials are ignored; nothing is created, verified or charged.",
    tags: ["Shop"],
    security: [],
    responses: {
      "402": challenge(product, baseUrl, "The payment challenge: PAYMENT-REQUIRED header and the product."),
      "503": {
        description: "No payment protocol configured (payment_unconfigured), or the facilitator is unreachable (facilitator_unavailable). Never charges.",
        headers: noStore,
        content: jsonContent(SCHEMA_NAMES.describeUnavailable),
      },
    },
  };
}

export interface PurchaseSchemas {
  request: string;
  result: string;
}

export function purchaseOperation(product: ProductDefinition, baseUrl: string, summary: string, schemas: PurchaseSchemas): OperationObject {
  return {
    operationId: product.operationId,
    summary,
    description:
      `${product.description} Fixed price ${atomicToUsd(product.priceAtomic)} USD, paid with x402 (scheme exact, ${X402_NETWORK}). ` +
      "Without PAYMENT-SIGNATURE the answer is the 402 challenge, before the body is read. With it, the body and idempotency key are " +
      "checked first (400, nothing charged), then the key is bound to this request, the payment verified and settled once, and the result returned.",
    tags: ["Shop"],
    security: [{ [X402_SCHEME_NAME]: [] }],
    parameters: [parameterRef(PARAMETER_NAMES.paymentSignature), parameterRef(PARAMETER_NAMES.idempotencyKey)],
    requestBody: {
      description: "May be omitted on the unsigned probe. A purchase sends the complete request; the same JSON again to replay it.",
      required: false,
      content: jsonContent(schemas.request, product.example),
    },
    "x-payment-info": {
      protocols: [...product.protocols],
      price: { amount: atomicToUsd(product.priceAtomic), currency: "USD", mode: "fixed" },
      x402: { scheme: "exact", network: X402_NETWORK, asset: X402_ASSET, amount: String(product.priceAtomic) },
    },
    responses: {
      [String(product.successStatus)]: {
        description:
          "Paid: the result, with the settlement in PAYMENT-RESPONSE. Replaying the identical request with the original PAYMENT-SIGNATURE returns the same body with `idempotentReplay: true` and charges nothing.",
        headers: { [HEADER_NAMES.paymentResponse]: headerRef(HEADER_NAMES.paymentResponse), ...noStore },
        content: jsonContent(schemas.result),
      },
      "400": {
        description:
          "Signed, but not acceptable; nothing verified or charged. invalid_request: the body breaks the schema (a purchase needs `outcome`) or Idempotency-Key is malformed, see `issues`; " +
          "invalid_json: the body is not JSON; idempotency_key_mismatch: `request_id` and Idempotency-Key differ; idempotency_key_required: neither is present.",
        headers: noStore,
        content: jsonContent(SCHEMA_NAMES.purchaseBadRequest),
      },
      "402": challenge(
        product,
        baseUrl,
        "No PAYMENT-SIGNATURE: the challenge, byte-identical to GET (`error` payment_required). Payment refused: a fresh challenge whose `error`, in the body and " +
          "in PAYMENT-REQUIRED, is the x402 reason (invalid_exact_evm_signature, invalid_exact_evm_insufficient_balance, invalid_payload, payment_requirements_mismatch, " +
          "invalid_exact_evm_nonce_already_used, ...). Sign again and retry.",
      ),
      "409": {
        description:
          "purchase_in_progress: the same key is being processed, retry after Retry-After seconds. idempotency_key_in_use: the key's purchase was completed with another " +
          "signature; the new authorization was not used. Nothing charged. Resend the original PAYMENT-SIGNATURE to get the stored result, or, if it is lost, " +
          "sign `recovery.typedData` and GET /api/shop/purchases/{key} (recoverPurchase).",
        headers: { ...retryAfter, ...noStore },
        content: jsonContent(SCHEMA_NAMES.purchaseConflict),
      },
      "413": {
        description: `payload_too_large: the body is larger than ${MAX_BODY_BYTES} bytes (${MAX_BODY_BYTES / 1024} KiB). Nothing charged.`,
        headers: noStore,
        content: jsonContent(SCHEMA_NAMES.payloadTooLarge),
      },
      "422": {
        description:
          "idempotency_key_reused: this payer already used the key for a different request (method, path or body). Keys are scoped per payer. Nothing charged.",
        headers: noStore,
        content: jsonContent(SCHEMA_NAMES.idempotencyKeyReused),
      },
      "503": {
        description:
          "payment_unconfigured, facilitator_unavailable or purchase_interrupted: nothing charged. settlement_unknown (`charged: \"unknown\"`) or fulfilment_pending (`charged: true`): " +
          "the payment may have gone through; retry the identical request with the same PAYMENT-SIGNATURE after Retry-After seconds; it ends in 200 or, if never charged, 402. " +
          "server_busy: every database connection was in use (the database is healthy); `charged` as the purchase's state says; retry after Retry-After seconds.",
        headers: { ...retryAfter, ...noStore },
        content: jsonContent(SCHEMA_NAMES.purchaseUnavailable),
      },
    },
  };
}
