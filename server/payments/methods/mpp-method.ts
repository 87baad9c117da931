// What the MPP methods (evm, stripe, tempo) share: mppx admits the credential before anything is
// claimed (HMAC, expiry, product, price, and the method's own checks), a used credential is
// refused as such, and a stripe charge or a tempo broadcast is decided the same way.
import { logger } from "../../logger";
import type { Challenge } from "../challenge";
import { admitMppCredential, MppNodeUnavailable } from "../mpp/mpp-admission";
import type { MppCredential } from "../mpp/mpp-credential";
import { mppReceipt } from "../mpp/mpp-receipt";
import type { PaymentRuntime } from "../payment-runtime";
import type { PurchaseRow } from "../purchase-ledger";
import { refusedReply } from "../purchase-refusal";
import { facilitatorDown, type PaymentReply } from "../purchase-reply";
import type { SellableProduct } from "../sellable-product";
import type { LedgerPayment, Offer, PaymentMethod, Settlement } from "./payment-method";

export const MPP_CREDENTIAL_USED = "mpp_credential_used";

/** A credential of one MPP method, read and not yet admitted. */
export type MppCredentialOf<M extends string> = Extract<MppCredential, { ok: true; method: M }>;

/** undefined when mppx admits the credential for the product; otherwise the answer (402 with fresh challenges, or 503). */
export async function refusedByMppx(
  runtime: PaymentRuntime,
  product: SellableProduct,
  challenge: Challenge,
  mpp: Extract<MppCredential, { ok: true }>,
): Promise<PaymentReply | undefined> {
  let admission;
  try {
    admission = await admitMppCredential(await runtime.mpp!.server(), mpp.credential, product);
  } catch (err) {
    if (!(err instanceof MppNodeUnavailable)) throw err;
    logger.warn({ err: { message: err.message } }, "mpp tempo: the node could not simulate the transaction");
    return facilitatorDown(); // nothing was claimed or broadcast
  }
  if (!admission.ok) return refusedReply(runtime, product, challenge, "mpp", admission.reason, admission.detail);
  return undefined;
}

/**
 * The offer of an MPP credential: mppx admits it first (refusedByMppx), then `admitted` turns it into
 * the ledger's payment (or refuses it with the method's own rule). Nothing moves here.
 */
export function mppOffer<M extends string>(
  method: PaymentMethod,
  mpp: MppCredentialOf<M>,
  admitted: (
    runtime: PaymentRuntime,
    product: SellableProduct,
    challenge: Challenge,
  ) => LedgerPayment | PaymentReply | Promise<LedgerPayment | PaymentReply>,
): Offer {
  return {
    method,
    identity: mpp.identity,
    payer: mpp.payer,
    nonce: mpp.nonce,
    async admit(runtime, product, challenge) {
      return (await refusedByMppx(runtime, product, challenge, mpp)) ?? admitted(runtime, product, challenge);
    },
  };
}

/** What a stripe charge or a tempo broadcast decided. */
export type ChargeOutcome =
  | { outcome: "succeeded"; reference: string }
  | { outcome: "refused"; reason: string; detail: string }
  | { outcome: "unknown"; detail: string };

// Unknown → left open (reconciled); refused before money moved → 402; succeeded → settled with the MPP receipt.
export function chargeSettlement(
  row: PurchaseRow,
  method: "stripe" | "tempo",
  result: ChargeOutcome,
  unknownMessage: string,
  pendingTransaction?: string,
): Settlement {
  if (result.outcome === "unknown") {
    logger.warn({ purchase: row.id, detail: result.detail }, unknownMessage);
    return { outcome: "unknown", code: "settlement_unknown", transaction: pendingTransaction };
  }
  if (result.outcome === "refused") return { outcome: "refused", reason: result.reason, detail: result.detail };
  return { outcome: "settled", transaction: result.reference, paymentResponse: mppReceipt(method, result.reference) };
}
