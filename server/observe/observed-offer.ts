// The offer a call through the observer goes to, looked up by id. Kept in memory for a few seconds
// per instance: the lookup is on every call, and offers change only when a catalog import runs.
// After an import each instance sees the new offer within OFFER_CACHE_MS; in that window a call
// may still go to the previous provider address, which was catalogued (and is checked against the
// address policy on every call, and again at connect time). Unknown ids are not cached, so a
// newly imported offer answers at once. The same statement says whether a payment-terms change
// stops the offer's routing (offer_terms_changed), so an offer that routes costs no second read;
// a stop (or its end) is seen within OFFER_CACHE_MS too, and a stopped offer's change is read again
// before it is refused (observe-call.ts).
import { sqlQuery } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { isStorableText } from "../input/storable-text";

export interface ObservedOffer {
  id: string;
  serviceId: string;
  protocol: string;
  method: string;
  path: string;
  providerUrl: string;
  testMode: boolean;
  sandbox: boolean;
  /** An open blocking payment-terms change existed when the offer was read. */
  routingStopped: boolean;
}

export const OFFER_CACHE_MS = 5_000;
const MAX_CACHED = 5_000;
const cache = new Map<string, { offer: ObservedOffer; until: number }>();

const notFound = (offerId: string) =>
  new AppError("not_found", `No offer with id ${JSON.stringify(offerId.slice(0, 200))}.`);

/** The offer with this id; 404 not_found when there is none (a malformed id is the same 404). */
export async function findObservedOffer(offerId: string): Promise<ObservedOffer> {
  const now = Date.now();
  const hit = cache.get(offerId);
  if (hit && hit.until > now) return hit.offer;
  if (offerId.length === 0 || offerId.length > 200 || !isStorableText(offerId)) throw notFound(offerId);
  const rows = await sqlQuery<ObservedOffer>(Prisma.sql`
    SELECT id, service_id AS "serviceId", protocol, method, path, provider_url AS "providerUrl", test_mode AS "testMode", sandbox,
      EXISTS (SELECT 1 FROM offer_terms_changes c WHERE c.offer_id = offers.id AND c.resolved_at IS NULL AND c.blocking) AS "routingStopped"
    FROM offers WHERE id = ${offerId}
      -- A paused or withdrawn listing's offers are not routed: they answer as unknown.
      AND NOT EXISTS (SELECT 1 FROM services s WHERE s.id = offers.service_id AND s.listing_state IS NOT NULL)`);
  const offer = rows[0];
  if (!offer) {
    cache.delete(offerId);
    throw notFound(offerId);
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(offerId, { offer, until: now + OFFER_CACHE_MS });
  return offer;
}

/** Forgets every cached offer (tests that change an offer in place). */
export function forgetObservedOffers(): void {
  cache.clear();
}
