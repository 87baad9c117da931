// Who is told when an operator's approval put a listing's service into the catalog: the marketplace
// tests test it then (server/marketplace-tests/test-on-approval.ts registers at start-up), so the
// listings import nothing of the layer that reacts. Told after the approval committed and the catalog
// was re-indexed, in the process that approved.
import { eventListeners } from "../event-listeners";

export type ListingApprovedEvent = { listingId: string; serviceId: string };

const listeners = eventListeners<ListingApprovedEvent>("listing-approved");
export const onListingApproved = listeners.on;
export const notifyListingApproved = listeners.notify;
