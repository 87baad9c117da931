// Money in the client: decimal USD text at the edges, integer atomic units (USDC, 6 decimals) as
// bigint inside, so no amount ever passes through a float.
export const USD_DECIMALS = 6;
const SCALE = 10n ** BigInt(USD_DECIMALS);
const USD_TEXT = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** "0.10" -> 100000n; null for anything that is not a plain non-negative amount with at most 6 decimals. */
export function parseUsd(usd: string): bigint | null {
  const m = USD_TEXT.exec(usd.trim());
  if (!m) return null;
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? "").padEnd(USD_DECIMALS, "0"));
}

/** 100000n -> "0.10", 1000n -> "0.001": at least two decimals, no trailing zeros beyond. */
export function formatUsd(atomic: bigint): string {
  const whole = atomic / SCALE;
  const frac = (atomic % SCALE).toString().padStart(USD_DECIMALS, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${frac}`;
}

/** An atomic amount as x402 writes it ("1000"); null when it is not a non-negative integer. */
export function parseAtomic(text: unknown): bigint | null {
  return typeof text === "string" && /^\d{1,30}$/.test(text) ? BigInt(text) : null;
}
