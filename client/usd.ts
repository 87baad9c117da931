// Money in the client: decimal USD text at the edges, integer atomic units (USDC, 6 decimals) as
// bigint inside, so no amount ever passes through a float. The conversions are server/money.ts's
// (a pure module); the client only bounds the amounts it accepts.
import { parseUsdAtomic } from "../server/money";

export { atomicToUsd as formatUsd } from "../server/money";

// At most 12 whole digits: no cap or price comes near it.
const MAX_WHOLE_DIGITS = 12;

/** "0.10" -> 100000n; null for anything that is not a plain non-negative amount with at most 6 decimals. */
export function parseUsd(usd: string): bigint | null {
  return usd.trim().split(".")[0]!.length <= MAX_WHOLE_DIGITS ? parseUsdAtomic(usd) : null;
}

/** An atomic amount as x402 writes it ("1000"); null when it is not a non-negative integer. */
export function parseAtomic(text: unknown): bigint | null {
  return typeof text === "string" && /^\d{1,30}$/.test(text) ? BigInt(text) : null;
}
