// The shortlist requests the purchase benchmark pays for (scripts/bench-purchase.ts and its batch phase,
// batch-phase.ts): outcomes rotate so a run is not one query repeated; each carries one condition to check.
import { randomUUID } from "node:crypto";

export const OUTCOMES: [string, string][] = [
  ["hourly weather forecasts for delivery route planning", "pay per request with x402"],
  ["translate product descriptions into German and French", "documented API"],
  ["extract text and tables from scanned PDF invoices", "pay per request with x402"],
  ["send transactional email with delivery tracking", "documented API"],
  ["geocode street addresses to latitude and longitude", "pay per request with x402"],
  ["real-time stock and crypto price quotes", "documented API"],
  ["transcribe customer support calls to text", "pay per request with x402"],
  ["screen companies against sanctions lists", "documented API"],
];

/** The i-th purchase's body: its own request_id (a new purchase each), the i-th outcome in turn. */
export function shortlistBody(i: number, search: string, tag: string): string {
  const [outcome, condition] = OUTCOMES[i % OUTCOMES.length]!;
  return JSON.stringify({
    request_id: `bench-${tag}-${i}-${randomUUID()}`,
    outcome,
    conditions: [condition],
    search,
    limit: 5,
  });
}
