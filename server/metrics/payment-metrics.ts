// What the payment layer records: each signed purchase's outcome, and how long verifying and
// settling take per payment method. Counted where each event happens (server/payments/): a
// completion and a failed settle where the ledger records them (purchase-phases.ts, the live request
// and the reconciler alike), a replay and a refusal where a signed request is answered
// (purchase-flow.ts). Answers that leave the purchase open (503) are not outcomes: the reconciler
// gauges show what waits.
import { metrics } from "./metrics";

export type PurchaseOutcome = "completed" | "failed" | "replayed" | "refused";

/** A signed request whose credential could not be read (no method known yet). */
export const UNKNOWN_METHOD = "unknown";

export function countPurchase(product: string, method: string, outcome: PurchaseOutcome): void {
  metrics().purchases.inc({ product, method, outcome });
}

/**
 * The outcome of a signed request's answer: `marked` is what the phases said of it (a completion or
 * a failed settle, already counted there; a replay of a stored result), else any 4xx is a refusal
 * (nothing was charged). Counts it and returns what it counted.
 */
export function countPurchaseAnswer(
  product: string,
  method: string,
  answer: { status: number; outcome?: PurchaseOutcome },
): PurchaseOutcome | undefined {
  if (answer.outcome === "completed" || answer.outcome === "failed") return undefined;
  const outcome = answer.outcome ?? (answer.status >= 400 && answer.status < 500 ? "refused" : undefined);
  if (outcome) countPurchase(product, method, outcome);
  return outcome;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Runs a payment method's verification, timed under its method. */
export async function timedVerify<T>(method: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    metrics().verifyDuration.observe({ method }, seconds(started));
  }
}

/** Runs a payment method's settle, timed under its method: ok when it settled, error otherwise (refused, unknown, thrown). */
export async function timedSettle<T extends { outcome: string }>(method: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = "error";
  try {
    const settlement = await work();
    if (settlement.outcome === "settled") outcome = "ok";
    return settlement;
  } finally {
    metrics().settleDuration.observe({ method, outcome }, seconds(started));
  }
}
