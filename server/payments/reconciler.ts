// Resolves purchases whose outcome was left open (settle timed out or failed, the process died
// between phases): settled ones are fulfilled, settling ones are settled again or looked up, and
// claimed ones that never reached settle (never verified) are dropped uncharged (decisions.md §3.8).
import { logger } from "../logger";
import { inSpan } from "../observability/spans";
import type { PaymentRuntime } from "./payment-runtime";
import { reconcilePurchase } from "./purchase-flow";
import { openPurchases } from "./purchase-ledger";

// Rows untouched this long are not in a live request's hands (those hold the lock anyway).
export const RECONCILE_IDLE_MS = 3000;
export const RECONCILE_INTERVAL_MS = 5000;

export async function reconcileOpenPurchases(
  runtime: PaymentRuntime,
  idleMs = RECONCILE_IDLE_MS,
): Promise<Record<string, number>> {
  const outcome: Record<string, number> = {};
  for (const { payer, idempotencyKey } of await openPurchases(idleMs)) {
    const state =
      (await inSpan("purchase.reconcile", {}, () => reconcilePurchase(runtime, payer, idempotencyKey)).catch(
        (err: unknown) => {
          logger.warn({ err, payer, idempotencyKey }, "reconciling a purchase failed");
          return "error";
        },
      )) ?? "busy";
    outcome[state] = (outcome[state] ?? 0) + 1;
  }
  return outcome;
}

let timer: NodeJS.Timeout | undefined;

/** Runs the reconciler in this process every few seconds (started once by instrumentation.ts). */
export function startReconciler(runtime: PaymentRuntime): void {
  if (timer) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileOpenPurchases(runtime)
      .then((outcome) => Object.keys(outcome).length > 0 && logger.info({ outcome }, "reconciled open purchases"))
      .catch((err: unknown) => logger.warn({ err }, "reconciler pass failed"))
      .finally(() => (running = false));
  }, RECONCILE_INTERVAL_MS);
  timer.unref();
}
