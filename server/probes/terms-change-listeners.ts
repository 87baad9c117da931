// Who is told when a payment-terms change is noted by a probe or confirmed by an operator: the
// marketplace tests re-test a tested service then (server/marketplace-tests/retest.ts registers at
// start-up), so the probes import nothing of the layer that reacts. Told after the change committed.
import { eventListeners } from "../event-listeners";

export type TermsChangeEvent = { offerId: string; kind: "noted" | "confirmed"; blocking: boolean };

const listeners = eventListeners<TermsChangeEvent>("terms-change");
export const onTermsChange = listeners.on;
export const notifyTermsChange = listeners.notify;
