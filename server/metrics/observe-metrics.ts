// The observer's calls (server/observe/observe-call.ts): each call forwarded to a provider, by the
// class of the status the agent got and its outcome ("provider" when the provider answered, else the
// observer's error code: provider_timeout, provider_unreachable, ...), with the provider call's time;
// and the observer's own refusals of a call before anything is forwarded (offer_terms_changed,
// call_in_progress, idempotency_key_reused, offer_not_routable), which have no provider time.
// Replays, answered from the record without calling the provider, are not counted.
import { metrics } from "./metrics";

/** "2xx", "4xx", "5xx" (and "1xx"/"3xx"): the label never carries the exact status. */
export const statusClass = (status: number): string => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;

/** A call forwarded to the provider: `latencyMs` is the provider call's time. */
export function countProviderCall(status: number, outcome: string, latencyMs: number): void {
  const m = metrics();
  m.observerCalls.inc({ status: statusClass(status), outcome });
  m.observerProviderDuration.observe({ outcome }, latencyMs / 1000);
}

/** A call the observer refused itself before forwarding anything. */
export function countObserverRefusal(status: number, code: string): void {
  metrics().observerCalls.inc({ status: statusClass(status), outcome: code });
}
