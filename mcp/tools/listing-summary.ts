// The one-line text the listing tools put before their structured answer.
import type { Listing } from "../../client/marketplace-client";

export function listingSummary(listing: Listing): string {
  const proven = listing.payees.filter((p) => p.payeeVerified).length;
  return `listing ${listing.id}: ${listing.status}, ${listing.draft.offers.length} offer(s), ${proven}/${listing.payees.length} payee(s) verified`;
}

/** What the write tools declare: they change the caller's listing and reach only the marketplace. */
export const LISTING_WRITE = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
} as const;
export const LISTING_READ = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;
