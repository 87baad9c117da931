// A signed purchase request as the payment layer reads it: the body (read under its cap, nesting
// checked, judged against the product's purchase schema once), the idempotency key from
// `request_id` or the Idempotency-Key header, and the fingerprint that binds the key to this request.
import { AppError, toIssues } from "../errors";
import { idempotencyKeySchema } from "../input/idempotency-key";
import { parseJsonBody } from "../input/json-body";
import { requestFingerprint } from "./fingerprint";
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
}

/** An AppError of the input (400, 409, 413, ...) as the purchase's uncharged answer. */
export function invalid(err: AppError): PaymentReply {
  return refusal(err.code, err.message, err.issues ? { issues: err.issues } : {});
}

export async function readSignedRequest(
  product: SellableProduct,
  request: PurchaseRequest,
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
  if (!judged.ok || issues.length > 0) return refusal("invalid_request", "The request is not valid.", { issues });

  const bodyKey = (body as { request_id?: string }).request_id;
  if (bodyKey !== undefined && request.idempotencyKey !== null && bodyKey !== request.idempotencyKey) {
    return refusal("idempotency_key_mismatch", "request_id and the Idempotency-Key header differ.");
  }
  const key = bodyKey ?? request.idempotencyKey;
  if (!key)
    return refusal(
      "idempotency_key_required",
      "A signed purchase needs request_id in the body or an Idempotency-Key header.",
    );
  return { key, body, input: judged.input, fingerprint: requestFingerprint(request.method, request.path, body) };
}
