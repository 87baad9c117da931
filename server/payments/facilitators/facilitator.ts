// The facilitator the payment layer talks to: x402's client (verify, settle, supported) and what
// only a facilitator settling on this marketplace's own ledger can answer. The local facilitator
// has that capability; an HTTP facilitator does not, and the purchase phases then decide without it.
import type { FacilitatorClient } from "@x402/core/server";

/** What a facilitator that executes transfers on our own database ledger can tell. */
export interface OwnLedger {
  /** The transaction of the transfer this payer's authorization with this nonce executed, if it did. */
  findExecutedTransfer(payer: string, nonce: string): Promise<string | undefined>;
  /** The payer's balance in atomic units (for the shortfall a refusal reports). */
  balanceOf(payer: string): Promise<bigint>;
}

export interface Facilitator extends FacilitatorClient {
  /**
   * Present when the facilitator runs in this process over our own ledger: a settle whose answer
   * was lost can be looked up, and a throw that is not the database is the payload's fault.
   */
  ownLedger?: OwnLedger;
}
