// The names and words of what the probes check and conclude, without zod: pages import these into
// the browser, where building a zod object schema tries `new Function` (zod's fast path) and the
// pages' CSP (no unsafe-eval) reports it. health-schema.ts builds the API's schemas from them.

/** The x402 conformance checks a probe runs on an offer's unpaid answer, in the order they apply. */
export const CONFORMANCE_CHECKS = [
  "answers_402",
  "payment_required_header",
  "x402_version_2",
  "accepts_known_scheme",
  "network_caip2",
  "asset_known",
  "amount_matches_price",
  "pay_to_matches",
  "resource_matches",
] as const;
export type ConformanceCheck = (typeof CONFORMANCE_CHECKS)[number];

/** Each check in plain words: what it asks of the provider (pages, docs and the OpenAPI document). */
export const CONFORMANCE_CHECK_TEXT: Record<ConformanceCheck, string> = {
  answers_402: "An unpaid request is answered 402 Payment Required.",
  payment_required_header: "The 402 carries a PAYMENT-REQUIRED header that decodes (base64) to a JSON payment request.",
  x402_version_2: "The payment request says x402Version 2.",
  accepts_known_scheme: "The payment request offers at least one valid way to pay in a known scheme (exact).",
  network_caip2: "The network is named the CAIP-2 way (eip155:84532), not by a legacy name (base-sepolia).",
  asset_known: "The asset is the known USDC contract of that network.",
  amount_matches_price: "The amount asked is the price the catalog lists.",
  pay_to_matches: "The payee (payTo) is the address the catalog lists.",
  resource_matches: "The payment request names this offer's own URL as its resource.",
};

export const HEALTH_STATES = ["conformant", "non_conformant", "unreachable", "unprobed"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** A service or offer is "healthy" (the `healthy` filter) when conformant, answering at least this
 * share of the last 24 hours' probes, and routed (no payment-terms change waiting). */
export const HEALTHY_UPTIME_PERCENT = 90;
