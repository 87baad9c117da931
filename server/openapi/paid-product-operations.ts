// The operations of a paid product (decisions.md §2, §3), from its declaration: GET describes (402,
// never charges), POST buys, POST …/validate checks a body for free. Statuses and headers follow
// server/payments/purchase-flow.ts and its replies; every error response comes from the error table.
import type { ErrorCode } from "../errors";
import { MAX_BODY_BYTES } from "../input/json-body";
import { atomicToUsd } from "../money";
import { challengeBody } from "../payments/challenge";
import { X402_ASSET, X402_NETWORK } from "../payments/payment-network";
import { PURCHASE_REFUSAL_CODES, PURCHASE_UNAVAILABLE_CODES } from "../payments/purchase-reply";
import type { ProductDefinition } from "../products/product";
import { productSchemaNames, validateOperationId } from "../products/product";
import { SCHEMA_NAMES } from "./component-schemas";
import { codesText, errorResponses, FREE_READ_CODES, rateLimitHeaders, type ResponseHeaders } from "./error-responses";
import type { OperationObject, ResponseObject } from "./openapi-types";
import { HEADER_NAMES, headerRef, PARAMETER_NAMES, parameterRef } from "./payment-headers";
import { jsonContent } from "./responses";
import { X402_SCHEME_NAME } from "./x402-flow";

const noStore: ResponseHeaders = { [HEADER_NAMES.cacheControl]: headerRef(HEADER_NAMES.cacheControl) };
const retryAfter: ResponseHeaders = { [HEADER_NAMES.retryAfter]: headerRef(HEADER_NAMES.retryAfter) };
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

// Retry-After comes with the answers that ask for a retry (purchase-reply.ts).
const RETRY_HEADERS: Partial<Record<ErrorCode, ResponseHeaders>> = Object.fromEntries(
  (["purchase_in_progress", ...PURCHASE_UNAVAILABLE_CODES] as const).map((code) => [code, retryAfter]),
);

function challenge(product: ProductDefinition, baseUrl: string, description: string): ResponseObject {
  return {
    description,
    headers: { [HEADER_NAMES.paymentRequired]: headerRef(HEADER_NAMES.paymentRequired), ...noStore },
    content: jsonContent(SCHEMA_NAMES.paymentRequiredBody, challengeBody(product, baseUrl)),
  };
}

export function describeOperation(product: ProductDefinition, baseUrl: string): OperationObject {
  return {
    operationId: product.describeOperationId,
    summary: `Describe the ${lowerFirst(product.name)} (402 challenge, never charges)`,
    description:
      `Answers 402 with the x402 challenge and the product (price ${atomicToUsd(product.priceAtomic)} USD, request schema, example) ` +
      "exactly as an unsigned POST does. Payment credentials are ignored; nothing is created, verified or charged.",
    tags: ["Shop"],
    security: [],
    responses: {
      "402": challenge(
        product,
        baseUrl,
        `${codesText(["payment_required"])} The PAYMENT-REQUIRED header carries the x402 requirements.`,
      ),
      ...errorResponses(["payment_unconfigured", "facilitator_unavailable"], {
        headers: {},
        always: noStore,
        body: { 503: SCHEMA_NAMES.describeUnavailable },
      }),
    },
  };
}

/** The codes a purchase of this product can answer besides 200/202 and 402. */
export const purchaseCodes = (product: ProductDefinition): ErrorCode[] => [
  ...PURCHASE_REFUSAL_CODES,
  ...(product.precheckCodes ?? []),
  ...PURCHASE_UNAVAILABLE_CODES,
];

export function purchaseOperation(product: ProductDefinition, baseUrl: string): OperationObject {
  const names = productSchemaNames(product);
  const refusalBody = {
    400: SCHEMA_NAMES.purchaseRefusal,
    409: SCHEMA_NAMES.purchaseRefusal,
    413: SCHEMA_NAMES.purchaseRefusal,
    422: SCHEMA_NAMES.purchaseRefusal,
  };
  return {
    operationId: product.operationId,
    summary: product.docs.summary,
    description:
      `${product.description} Fixed price ${atomicToUsd(product.priceAtomic)} USD, paid with x402 (scheme exact, ${X402_NETWORK}). ` +
      "Without PAYMENT-SIGNATURE the answer is the 402 challenge, before the body is read. With it, the body and idempotency key are " +
      `checked first (400, nothing charged; POST ${product.path}/validate runs the same checks for free), then the key is bound to this request, ` +
      "the payment verified and settled once, and the result returned.",
    tags: ["Shop"],
    security: [{ [X402_SCHEME_NAME]: [] }],
    parameters: [parameterRef(PARAMETER_NAMES.paymentSignature), parameterRef(PARAMETER_NAMES.idempotencyKey)],
    requestBody: {
      description:
        "May be omitted on the unsigned probe. A purchase sends the complete request; the same JSON again to replay it.",
      required: false,
      content: jsonContent(names.request, product.example),
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
        content: jsonContent(names.result),
      },
      "402": challenge(
        product,
        baseUrl,
        `${codesText(["payment_required"])} The challenge is byte-identical to GET. A refused payment answers 402 too: a fresh challenge whose \`error\`, in the body and ` +
          "in PAYMENT-REQUIRED, is the x402 reason (invalid_exact_evm_signature, invalid_exact_evm_insufficient_balance, invalid_payload, payment_requirements_mismatch, " +
          "invalid_exact_evm_nonce_already_used, ...). Sign again and retry.",
      ),
      ...errorResponses(purchaseCodes(product), {
        headers: RETRY_HEADERS,
        always: noStore,
        body: { ...refusalBody, 503: SCHEMA_NAMES.purchaseUnavailable },
        detail: {
          invalid_request:
            "Here: the body breaks the schema, a field needs data the catalog lacks, or Idempotency-Key is malformed. Nothing verified or charged.",
          idempotency_key_in_use:
            "Nothing charged. Resend the original PAYMENT-SIGNATURE to get the stored result, or, if it is lost, sign `recovery.typedData` and GET /api/shop/purchases/{key} (recoverPurchase).",
          payload_too_large: `Here: over ${MAX_BODY_BYTES} bytes (${MAX_BODY_BYTES / 1024} KiB). Nothing charged.`,
          idempotency_key_reused: "Keys are scoped per payer.",
          settlement_unknown: "Retry after Retry-After seconds; it ends in 200 or, if never charged, 402.",
        },
      }),
    },
  };
}

/** POST {path}/validate: the same body checks as a purchase, free, without any payment credential. */
export function validateOperation(product: ProductDefinition): OperationObject {
  const names = productSchemaNames(product);
  return {
    operationId: validateOperationId(product),
    summary: `Check a ${lowerFirst(product.name)} request before paying (free)`,
    description:
      `Runs every check a signed POST ${product.path} applies to its body before any payment step (size, JSON, the published schema, text that can be stored, ` +
      "and rules that need the catalog, such as a known service slug), and answers 200 or 400 with the `issues`. Never charges, reads no payment " +
      "credential, writes nothing. Whether the product is available right now (e.g. an eligible ad) is not checked. Limited per client like the free reads.",
    tags: ["Shop"],
    security: [],
    requestBody: { required: true, content: jsonContent(names.request, product.example) },
    responses: {
      "200": {
        description: "The body would be accepted by a purchase.",
        headers: rateLimitHeaders(),
        content: jsonContent(SCHEMA_NAMES.validationResult),
      },
      ...errorResponses(["invalid_request", "invalid_json", "payload_too_large", ...FREE_READ_CODES], {
        detail: {
          payload_too_large: `Here: over ${MAX_BODY_BYTES} bytes.`,
          invalid_request: "Here: the body would be refused by a purchase, for the reasons in `issues`.",
        },
      }),
    },
  };
}
