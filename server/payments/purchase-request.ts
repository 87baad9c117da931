// A signed purchase request as the payment layer reads it: the body (read under its cap, nesting
// checked, judged against the product's purchase schema once), the idempotency key from
// `request_id`, the Idempotency-Key header or the payment-identifier extension of PAYMENT-SIGNATURE
// (any of them; those present must agree), and the fingerprint that binds the key to this request.
import { AppError, toIssues } from "../errors";
import { idempotencyKeySchema } from "../input/idempotency-key";
import { parseJsonBody } from "../input/json-body";
import { requestFingerprint } from "./fingerprint";
import { PAYMENT_IDENTIFIER_PATH, paymentIdentifierOf } from "./payment-identifier";
import { purchaseInput } from "./purchase-input";
import { refusal, type PaymentReply } from "./purchase-reply";
import type { SellableProduct } from "./sellable-product";

export interface PurchaseRequest {
  method: string;
  /** Path of the product route, part of the fingerprint. */
  path: string;
  paymentSignature: string | null;
  /** The Authorization header (an MPP credential is `Payment ...`). */
  authorization: string | null;
  idempotencyKey: string | null;
  /** Reads the body; throws AppError payload_too_large when over the cap. */
  readBody: () => Promise<string>;
}

/** The request's parts a purchase needs: `body` as sent (stored in the ledger), `input` as the product's schema parsed it. */
export interface SignedRequest {
  key: string;
  body: unknown;
  input: unknown;
  fingerprint: string;
  /** The payment-identifier id PAYMENT-SIGNATURE carried (then equal to `key`), else null. */
  paymentId: string | null;
}

/** An AppError of the input (400, 409, 413, ...) as the purchase's uncharged answer. */
export function invalid(err: AppError): PaymentReply {
  return refusal(err.code, err.message, err.issues ? { issues: err.issues } : {});
}

/** `decodedSignature`: PAYMENT-SIGNATURE decoded already (decodeHeaderJson), so a request decodes it once. */
export async function readSignedRequest(
  product: SellableProduct,
  request: PurchaseRequest,
  decodedSignature?: unknown,
): Promise<SignedRequest | PaymentReply> {
  let body: unknown;
  try {
    body = parseJsonBody(await request.readBody());
  } catch (err) {
    if (err instanceof AppError) return invalid(err);
    throw err;
  }
  const judged = purchaseInput(product, body);
  const issues = judged.ok ? [] : judged.issues;
  const headerKey =
    request.idempotencyKey === null ? undefined : idempotencyKeySchema.safeParse(request.idempotencyKey);
  if (headerKey && !headerKey.success)
    issues.push(...toIssues(headerKey.error.issues).map((i) => ({ ...i, path: "Idempotency-Key" })));
  const identifier = paymentIdentifierOf(request.paymentSignature, decodedSignature);
  if ("errors" in identifier)
    issues.push(...identifier.errors.map((message) => ({ path: PAYMENT_IDENTIFIER_PATH, message })));
  if (!judged.ok || issues.length > 0) return refusal("invalid_request", "The request is not valid.", { issues });

  const paymentId = "id" in identifier ? identifier.id : null;
  const named = [
    ["request_id", (body as { request_id?: string }).request_id],
    ["the Idempotency-Key header", request.idempotencyKey ?? undefined],
    ["the payment-identifier id", paymentId ?? undefined],
  ].filter((k): k is [string, string] => k[1] !== undefined);
  const differing = named.find(([, k]) => k !== named[0]![1]);
  if (differing) {
    return refusal(
      "idempotency_key_mismatch",
      `${named[0]![0]} and ${differing[0]} differ: send one idempotency key, or the same value in each. Nothing was verified or charged.`,
    );
  }
  const key = named[0]?.[1];
  if (!key)
    return refusal(
      "idempotency_key_required",
      "A signed purchase needs an idempotency key: request_id in the body, an Idempotency-Key header, or a payment-identifier id in PAYMENT-SIGNATURE.",
    );
  return {
    key,
    body,
    input: judged.input,
    fingerprint: requestFingerprint(request.method, request.path, body),
    paymentId,
  };
}
