// Who is told when a payment-terms change is noted by a probe or confirmed by an operator: the
// marketplace tests re-test a tested service then (server/marketplace-tests/retest.ts registers at
// start-up), so the probes import nothing of the layer that reacts. Told after the change committed.
import { logger } from "../logger";

export type TermsChangeEvent = { offerId: string; kind: "noted" | "confirmed"; blocking: boolean };
type Listener = (event: TermsChangeEvent) => void;

// On globalThis: Next.js bundles instrumentation.ts (where the listener registers) apart from the route
// handlers (where the event happens), each with its own copy of this module.
const globalForListeners = globalThis as unknown as { marketplaceTermsChangeListeners?: Set<Listener> };
const listeners = (globalForListeners.marketplaceTermsChangeListeners ??= new Set<Listener>());

/** Registers `listener`; returns its removal. */
export function onTermsChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyTermsChange(event: TermsChangeEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      logger.warn({ err, offerId: event.offerId }, "terms-change listener failed");
    }
  }
}
