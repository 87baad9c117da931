// One way of paying (x402 `exact`, MPP evm, stripe, tempo): how its credential is admitted, what the
// ledger keeps of it, how it is verified before the charge and how it settles. The purchase state
// machine (purchase-flow.ts, purchase-phases.ts) is the same for every method; a new method is a new
// file here, listed in payment-methods.ts.
import type { PaymentPayload, PaymentRequirements, VerifyResponse } from "@x402/core/types";
import type { Challenge } from "../challenge";
import type { PaymentRuntime } from "../payment-runtime";
import type { PurchaseRow } from "../purchase-ledger";
import type { PaymentReply } from "../purchase-reply";
import type { PaymentProtocol, SellableProduct } from "../sellable-product";

/** What the ledger stores of an admitted payment (payment_payload, payment_requirements): enough to verify and settle it again after a crash. */
export interface LedgerPayment {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
}

/** The ledger's code of an open settlement no retry can decide any more: an operator checks the chain or Stripe. */
export const UNRESOLVED = "settlement_unresolved";

export type Verification = { verdict: VerifyResponse } | { error: unknown };

/**
 * What a settle decided. `refused`: nothing moved (402; the key may be paid again); `unknown`: it
 * may have moved (503, left open for a retry or the reconciler; `code` is the ledger's error code).
 */
export type Settlement =
  | { outcome: "settled"; transaction: string; paymentResponse: string }
  | { outcome: "refused"; reason: string; detail?: string }
  | { outcome: "unknown"; code: string; transaction?: string };

export interface PaymentMethod {
  id: string;
  /** The envelope of its credential: PAYMENT-SIGNATURE (x402) or `Authorization: Payment` (mpp). */
  protocol: PaymentProtocol;
  /** The 402 reason of a credential whose nonce already paid another purchase. */
  nonceUsedReason: string;
  /** Whether a ledger row was paid with this method (a purchase resumed from the ledger finds its method so). */
  pays(row: Pick<PurchaseRow, "protocol" | "paymentPayload" | "paymentRequirements">): boolean;
  /**
   * Verify only once the claim is this request's: the method's verification takes state (batch-settlement
   * reserves the voucher's channel), which a twin that loses the claim must not hold. Others verify while
   * the claim commits.
   */
  verifiesAfterClaim?: boolean;
  /** Judges the payment before anything is charged; never rejects, so it can run while the claim commits. */
  verify(runtime: PaymentRuntime, payment: LedgerPayment): Promise<Verification>;
  /** Moves the money, or finds it moved; `sentBefore`: an earlier attempt may have sent it. Writes nothing. */
  settle(runtime: PaymentRuntime, row: PurchaseRow, sentBefore: boolean): Promise<Settlement>;
}

/** A signed request's credential, read far enough to find its purchase: payer, nonce and identity. */
export interface Offer {
  method: PaymentMethod;
  identity: string;
  payer: string;
  nonce: string;
  /** Whether it may pay for this product, as the ledger's payment; a reply (402, 503) when not. Nothing moves. */
  admit(runtime: PaymentRuntime, product: SellableProduct, challenge: Challenge): Promise<LedgerPayment | PaymentReply>;
}

/** A credential that is no payment we can read: a 402 with a fresh challenge, nothing claimed. */
export interface RefusedOffer {
  protocol: PaymentProtocol;
  identity: string;
  refused: string;
}
