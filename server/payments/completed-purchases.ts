// Completed purchases never change: the answers replays need are kept in memory for the most
// recent ones, so a replay costs no database round trip. Bounded; the ledger stays the source.
// Keyed like the ledger: by payer and idempotency key (a payer is always 0x + 40 hex digits, so
// the joined key is unambiguous whatever the idempotency key contains).
import type { PaymentProtocol } from "./sellable-product";

export interface CompletedPurchase {
  /** The ledger row's id, for a replay's log line. */
  id?: string;
  fingerprint: string;
  protocol: PaymentProtocol;
  signatureHash: string;
  responseBody: string;
  paymentResponse: string | null;
}

const KEPT = 500;
const completed = new Map<string, CompletedPurchase>();
const keyOf = (payer: string, idempotencyKey: string) => `${payer}:${idempotencyKey}`;

/** Keeps a purchase's replay answer once it is completed; anything else is ignored. */
export function rememberCompleted(
  payer: string,
  idempotencyKey: string,
  row: {
    id?: string;
    state: string;
    fingerprint: string;
    protocol: PaymentProtocol;
    signatureHash: string | null;
    responseBody: string | null;
    paymentResponse: string | null;
  } | null,
): void {
  if (row?.state !== "completed" || !row.signatureHash || row.responseBody === null) return;
  const key = keyOf(payer, idempotencyKey);
  if (completed.size >= KEPT && !completed.has(key)) completed.delete(completed.keys().next().value!);
  completed.set(key, {
    id: row.id,
    fingerprint: row.fingerprint,
    protocol: row.protocol,
    signatureHash: row.signatureHash,
    responseBody: row.responseBody,
    paymentResponse: row.paymentResponse,
  });
}

export function recallCompleted(payer: string, idempotencyKey: string): CompletedPurchase | undefined {
  return completed.get(keyOf(payer, idempotencyKey));
}

/** Drops what is kept (tests use it to exercise the database path of replays). */
export function clearCompletedPurchases(): void {
  completed.clear();
}
