// USDC amounts: integer atomic units (6 decimals) inside, decimal text at the edges.
export const USDC_DECIMALS = 6;
const SCALE = 10n ** BigInt(USDC_DECIMALS);

/** "0.0005" -> 500n; null for anything but a plain non-negative amount with at most 6 decimals. */
export function parseUsdAtomic(usd: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usd.trim());
  return m ? BigInt(m[1]!) * SCALE + BigInt((m[2] ?? "").padEnd(USDC_DECIMALS, "0")) : null;
}

/** "0.0005" -> 500. Throws on more than 6 decimals or a malformed value. */
export function usdToAtomic(usd: string): number {
  const atomic = parseUsdAtomic(usd);
  if (atomic === null) throw new Error(`Not a USD amount with at most ${USDC_DECIMALS} decimals: ${usd}`);
  if (atomic > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`USD amount too large: ${usd}`);
  return Number(atomic);
}

/** Largest atomic amount not above a USD number (for filters such as maxPriceUsd=0.01). */
export function usdNumberToAtomicFloor(usd: number): number {
  return Math.floor(Math.round(usd * 10 ** (USDC_DECIMALS + 3)) / 1000);
}

// Offer prices are int4 atomic units (at most ~2,147 USD).
const OFFER_PRICE_MAX_ATOMIC = 2_147_483_647;

/**
 * A price filter (maxPriceUsd) as atomic units comparable with offer prices: any limit above the
 * largest possible price means "no limit". Clamped so that a limit like 1e300 (valid JSON; the
 * specification sets no maximum) never overflows a query parameter.
 */
export function priceLimitAtomic(maxPriceUsd: number): number {
  return Math.min(usdNumberToAtomicFloor(Math.min(maxPriceUsd, 1e7)), OFFER_PRICE_MAX_ATOMIC);
}

/** 500 -> "0.0005", 500000 -> "0.50", 10000000 -> "10.00": at least two decimals, no trailing zeros beyond. */
export function atomicToUsd(atomic: number | bigint): string {
  const a = BigInt(atomic);
  const whole = a / SCALE;
  const frac = (a % SCALE).toString().padStart(USDC_DECIMALS, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${frac}`;
}

export function usdLabel(atomic: number | bigint): string {
  return `${atomicToUsd(atomic)} USD`;
}
