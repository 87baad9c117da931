// Completed purchases never change: the answers replays need are kept in memory for the most
// recent ones, so a replay costs no database round trip. Bounded; the ledger stays the source.
export interface CompletedPurchase {
  fingerprint: string;
  signatureHash: string;
  responseBody: string;
  paymentResponse: string | null;
}

const KEPT = 500;
const completed = new Map<string, CompletedPurchase>();

export function rememberCompleted(idempotencyKey: string, purchase: CompletedPurchase): void {
  if (completed.size >= KEPT && !completed.has(idempotencyKey)) completed.delete(completed.keys().next().value!);
  completed.set(idempotencyKey, purchase);
}

export function recallCompleted(idempotencyKey: string): CompletedPurchase | undefined {
  return completed.get(idempotencyKey);
}

/** Drops what is kept (tests use it to exercise the database path of replays). */
export function clearCompletedPurchases(): void {
  completed.clear();
}
