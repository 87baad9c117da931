// How each sandbox provider behaves, fixed per service by its slug (docs/decisions.md "Sandbox"):
// most are healthy, some slow, some flaky, a few non-conformant in one of four ways, so that
// probes, uptime and latency figures have real differences to observe. Every delay is bounded.
import { createHash } from "node:crypto";

export const NON_CONFORMANT_KINDS = ["v1-header", "legacy-network", "price-mismatch", "missing-header"] as const;
export type NonConformantKind = (typeof NON_CONFORMANT_KINDS)[number];

export type SandboxProfile =
  { kind: "healthy" } | { kind: "slow" } | { kind: "flaky" } | { kind: "non-conformant"; breaks: NonConformantKind };

// Shares in basis points of 10 000: 75 % healthy, 10 % slow, 8 % flaky, 7 % non-conformant.
const HEALTHY_UNTIL = 7_500;
const SLOW_UNTIL = 8_500;
const FLAKY_UNTIL = 9_300;

/** A slow provider answers after 350 to 899 ms (its p50 is above 300 ms). */
export const SLOW_MIN_MS = 350;
export const SLOW_SPREAD_MS = 550;
/** A flaky provider's "timeout": it holds the request this long, then drops the connection (never longer). */
export const FLAKY_HANG_MS = 8_000;
/** Of every 10 calls to a flaky offer, these fail: two with a 5xx, one by hanging and dropping. */
export const FLAKY_5XX_AT = [2, 6] as const;
export const FLAKY_HANG_AT = 9;
export const FLAKY_PERIOD = 10;

export const hashOf = (text: string): Buffer => createHash("sha256").update(text).digest();

export function profileOf(slug: string): SandboxProfile {
  const h = hashOf(`sandbox-profile:${slug}`);
  const roll = h.readUInt32BE(0) % 10_000;
  if (roll < HEALTHY_UNTIL) return { kind: "healthy" };
  if (roll < SLOW_UNTIL) return { kind: "slow" };
  if (roll < FLAKY_UNTIL) return { kind: "flaky" };
  return { kind: "non-conformant", breaks: NON_CONFORMANT_KINDS[h.readUInt32BE(4) % NON_CONFORMANT_KINDS.length]! };
}

/** A slow provider's delay for its n-th call: deterministic, spread over the range. */
export const slowDelayMs = (slug: string, n: number): number =>
  SLOW_MIN_MS + (hashOf(`sandbox-slow:${slug}:${n}`).readUInt32BE(0) % SLOW_SPREAD_MS);

/** What a flaky provider does with its n-th call (counted from 0 per offer). */
export function flakyFate(n: number): "answer" | "5xx" | "hang" {
  const at = n % FLAKY_PERIOD;
  if ((FLAKY_5XX_AT as readonly number[]).includes(at)) return "5xx";
  return at === FLAKY_HANG_AT ? "hang" : "answer";
}
