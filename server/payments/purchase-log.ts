// A paid purchase's story in the logs: one short info line per step, each with the purchase id (once
// claimed), the product and the payment method, so the lines of one purchase (and its replays, and
// the reconciler's work on it) read as its whole history. Never the payload, the body or a header.
import { logger } from "../logger";

export type PurchaseStep =
  "claimed" | "verified" | "settled" | "settlement unknown" | "fulfilled" | "replayed" | "refused" | "failed";

export interface PurchaseSubject {
  /** The ledger row's id; unknown before the claim (a refusal before it, a replay answered from memory of an old entry). */
  purchase?: string;
  product: string;
  /** The payment method's id (x402-exact, x402-batch, mpp-evm, …), or the protocol when the method is not known yet. */
  method: string;
}

/** One step of a purchase; `reason` is the code of a refusal or failure. */
export function logPurchase(step: PurchaseStep, subject: PurchaseSubject, details: Record<string, unknown> = {}): void {
  logger.info({ ...subject, ...details }, `purchase ${step}`);
}
