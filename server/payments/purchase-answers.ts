// What a purchase answers from what the ledger knows of it: the stored result (and its replays), a
// key bound to another request or credential, and, when it cannot go on, how far it got (never
// "not charged" once it may be).
import { PAYMENT_RECEIPT_HEADER } from "./mpp/mpp-receipt";
import type { PaymentRuntime } from "./payment-runtime";
import { recoveryHint } from "./purchase-recovery-authorization";
import type { PurchaseOutcome, PurchaseRow } from "./purchase-ledger";
import { busy, refusal, reply, RETRY_AFTER_SECONDS, unavailable, type PaymentReply } from "./purchase-reply";
import type { PaymentProtocol, SellableProduct } from "./sellable-product";

/**
 * A ledger row with its stored answer as it was sent: a product that seals what the ledger keeps
 * of its answer (SellableProduct.sealResult) derives it again here. Other rows are as they are.
 */
export async function unsealed<R extends Pick<PurchaseRow, "product" | "state" | "responseBody">>(
  runtime: PaymentRuntime,
  row: R | null,
): Promise<R | null> {
  if (row?.state !== "completed" || row.responseBody === null) return row;
  const unseal = runtime.product(row.product)?.unsealResult;
  return unseal ? { ...row, responseBody: await unseal(row.responseBody) } : row;
}

/** The body the ledger stores of a completed purchase's answer (see unsealed). */
export function sealedBody(runtime: PaymentRuntime, row: Pick<PurchaseRow, "product">, responseBody: string): string {
  const seal = runtime.product(row.product)?.sealResult;
  return seal ? seal(responseBody) : responseBody;
}

/** The success body of a completed purchase (200, or 202 for a queued order); a replay differs only in idempotentReplay. */
export function completedReply(
  row: Pick<PurchaseRow, "responseBody" | "paymentResponse" | "protocol">,
  replay: boolean,
  status: 200 | 202,
): PaymentReply {
  const body = replay
    ? row.responseBody!.replace('"idempotentReplay":false', '"idempotentReplay":true')
    : row.responseBody!;
  const header = row.protocol === "mpp" ? PAYMENT_RECEIPT_HEADER : "payment-response";
  return {
    ...reply(status, body, row.paymentResponse ? { [header]: row.paymentResponse } : {}),
    outcome: replay ? "replayed" : "completed",
  };
}

export const settlementUnknown = () =>
  unavailable(
    "settlement_unknown",
    "The payment may have been charged; the purchase is being reconciled. Retry with the same request and signature.",
    "unknown",
  );

// Answers that need no lock: a key bound to another request, or a completed purchase. A key is
// bound only once its payer's payment verified: a `claimed` row (verification pending, or its
// holder gone) binds nothing, so a forged authorization never earns anyone a 422.
// `inUse` is the 409 for a completed key and another credential (it says how to get the result).
export function settledAnswer(
  row: PurchaseOutcome | null,
  fingerprint: string,
  credential: { identity: string },
  inUse: () => PaymentReply,
  status: 200 | 202,
): PaymentReply | undefined {
  if (!row || row.state === "claimed") return undefined;
  if (row.fingerprint !== fingerprint) {
    return refusal("idempotency_key_reused", "This idempotency key was used for a different request.");
  }
  if (row.state !== "completed") return undefined;
  if (row.signatureHash === credential.identity) return completedReply(row, true, status);
  return inUse();
}

// A careless retry signs a fresh authorization for a completed key: say how to get the result.
export function keyInUse(
  runtime: PaymentRuntime,
  product: SellableProduct,
  key: string,
  protocol: PaymentProtocol,
): PaymentReply {
  const recovery = recoveryHint(runtime.baseUrl, product.path, key);
  const original =
    protocol === "mpp" ? "the original `Authorization: Payment` credential" : "the original PAYMENT-SIGNATURE";
  return refusal(
    "idempotency_key_in_use",
    `This idempotency key's purchase was already completed and paid with another ${protocol === "mpp" ? "credential" : "PAYMENT-SIGNATURE"}; the new authorization was not used and nothing was charged. ` +
      `To get the stored result, resend the identical request with ${original}. If it is lost, sign \`recovery.typedData\` with the payer's key ` +
      `and GET ${recovery.url} with the ${recovery.header} header (base64 of {payer, resource, expiresAt, signature}). For a new purchase, use a new idempotency key.`,
    { recovery },
  );
}

export const inProgress = () =>
  refusal(
    "purchase_in_progress",
    "A purchase with this idempotency key is being processed. Retry shortly.",
    {},
    { "retry-after": String(RETRY_AFTER_SECONDS) },
  );

/** How far a purchase got: the ledger's state, "none" (no row), or undefined when the ledger could not even be read. */
export type ReachedState = PurchaseRow["state"] | "none" | undefined;

// What a purchase that cannot go on says, by how far it got: never "not charged" once it may be.
// `undefined`: the ledger could not even be read, so an earlier attempt's outcome is not known.
export function interrupted(state: ReachedState): PaymentReply {
  if (state === "settled")
    return unavailable(
      "fulfilment_pending",
      "Paid; the result is not ready yet. Retry with the same request and signature.",
      true,
    );
  if (state === "settling") return settlementUnknown();
  const charged = state === undefined ? "unknown" : false;
  return unavailable(
    "purchase_interrupted",
    "The purchase could not go on (the database is unavailable). Retry with the same request and signature.",
    charged,
  );
}

// No connection free in time: the same "how far did it get", said as busy, not as an outage.
export function busyAt(state: ReachedState): PaymentReply {
  return busy(state === "settled" ? true : state === "settling" || state === undefined ? "unknown" : false);
}
