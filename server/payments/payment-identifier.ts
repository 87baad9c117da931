// x402's `payment-identifier` extension on our purchases (decisions.md §3.4): the `id` a client puts
// in PAYMENT-SIGNATURE `extensions["payment-identifier"].info` is an idempotency key like `request_id`
// and Idempotency-Key, scoped to the payer and bound to the request's fingerprint. The extension's
// retries sign a fresh authorization each time (the reference client does): a completed purchase is
// then answered to a request that proves to be its payer, not charged again.
import type { PaymentPayload } from "@x402/core/types";
import { extractAndValidatePaymentIdentifier, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import type { Challenge } from "./challenge";
import { timedVerify } from "../metrics/payment-metrics";
import { decodeHeaderJson } from "./header-codec";
import type { Offer } from "./methods/payment-method";
import type { PaymentRuntime } from "./payment-runtime";
import { settledAnswer } from "./purchase-answers";
import type { PurchaseOutcome } from "./purchase-ledger";
import { refusal, type PaymentReply } from "./purchase-reply";
import type { SellableProduct } from "./sellable-product";

/** Where a bad identifier is reported (the issue's `path`). */
export const PAYMENT_IDENTIFIER_PATH = `PAYMENT-SIGNATURE.extensions.${PAYMENT_IDENTIFIER}.info.id`;

/**
 * The id a PAYMENT-SIGNATURE carries, null when none (or the header is no JSON: the payment is
 * refused later, as today), or why it is not a valid id. Only `info` is judged, by the library's
 * rules (16–128 of A–Z a–z 0–9 _ -): a client's `schema` is echoed, and compiling a schema the
 * request sent would let any request choose the server's work.
 */
export function paymentIdentifierOf(
  paymentSignature: string | null,
  decoded: unknown = paymentSignature ? decodeHeaderJson(paymentSignature) : undefined,
): { id: string | null } | { errors: string[] } {
  if (!paymentSignature) return { id: null };
  const payload = decoded as { extensions?: unknown } | undefined;
  const extensions = payload && typeof payload === "object" ? payload.extensions : undefined;
  if (!extensions || typeof extensions !== "object") return { id: null };
  const declared = (extensions as Record<string, unknown>)[PAYMENT_IDENTIFIER];
  if (declared === undefined) return { id: null };
  const info = declared && typeof declared === "object" ? (declared as { info?: unknown }).info : declared;
  const { id, validation } = extractAndValidatePaymentIdentifier({
    extensions: { [PAYMENT_IDENTIFIER]: declared && typeof declared === "object" ? { info } : declared },
  } as unknown as PaymentPayload);
  return validation.valid ? { id } : { errors: validation.errors ?? ["invalid payment identifier"] };
}

/**
 * A completed purchase asked for again under its payment identifier with another authorization:
 * that authorization is admitted and verified (signature, payer, amount; nothing is claimed or
 * settled), and a valid one proves the request comes from the purchase's payer, who then gets the
 * stored answer as if it had resent the original signature. Otherwise `inUse` (409, with how to
 * recover the result).
 */
export async function replayToProvenPayer(
  runtime: PaymentRuntime,
  product: SellableProduct,
  challenge: () => Promise<Challenge | PaymentReply>,
  offer: Offer,
  row: PurchaseOutcome,
  fingerprint: string,
  inUse: () => PaymentReply,
): Promise<PaymentReply> {
  const built = await challenge();
  if ("status" in built) return inUse();
  const admitted = await offer.admit(runtime, product, built);
  if ("status" in admitted) return inUse();
  const verification = await timedVerify(offer.method.id, () => offer.method.verify(runtime, admitted));
  if (!("verdict" in verification) || !verification.verdict.isValid) return inUse();
  return settledAnswer(row, fingerprint, { identity: row.signatureHash ?? "" }, inUse, product.successStatus)!;
}

/**
 * What a known key says to a request that carries a payment-identifier id, where the extension's
 * rules differ from ours: another request under the id is 409 (ours: 422 idempotency_key_reused),
 * and a completed purchase is replayed to its proven payer. Undefined: the usual answers apply.
 */
export function paymentIdentifierAnswer(
  runtime: PaymentRuntime,
  product: SellableProduct,
  challenge: () => Promise<Challenge | PaymentReply>,
  offer: Offer,
  row: PurchaseOutcome | null,
  fingerprint: string,
  inUse: () => PaymentReply,
): PaymentReply | Promise<PaymentReply> | undefined {
  if (!row || row.state === "claimed") return undefined;
  if (row.fingerprint !== fingerprint)
    return refusal(
      "payment_identifier_reused",
      "This payment-identifier id was used for a different request (operation, path or body); use a new id. Nothing was verified or charged.",
    );
  if (row.state !== "completed" || row.signatureHash === offer.identity) return undefined;
  return replayToProvenPayer(runtime, product, challenge, offer, row, fingerprint, inUse);
}
