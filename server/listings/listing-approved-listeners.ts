// Who is told when an operator's approval put a listing's service into the catalog: the marketplace
// tests test it then (server/marketplace-tests/test-on-approval.ts registers at start-up), so the
// listings import nothing of the layer that reacts. Told after the approval committed and the catalog
// was re-indexed, in the process that approved.
import { logger } from "../logger";

export type ListingApprovedEvent = { listingId: string; serviceId: string };
type Listener = (event: ListingApprovedEvent) => void;

// On globalThis: Next.js bundles instrumentation.ts (where the listener registers) apart from the route
// handlers (where the event happens), each with its own copy of this module.
const globalForListeners = globalThis as unknown as { marketplaceListingApprovedListeners?: Set<Listener> };
const listeners = (globalForListeners.marketplaceListingApprovedListeners ??= new Set<Listener>());

/** Registers `listener`; returns its removal. */
export function onListingApproved(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyListingApproved(event: ListingApprovedEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      logger.warn({ err, listingId: event.listingId }, "listing-approved listener failed");
    }
  }
}
