// Spending caps of one client instance (issue 14 contract, "Cap rules"): a per-call cap, a
// tighter cap per call, and a session budget. An amount is checked and reserved in one
// synchronous step before anything is signed, so concurrent calls of one instance can never
// together exceed the session cap. A reservation is released only when an answer proves that
// nothing was charged; otherwise it counts as spent (money may have moved).
import { formatUsd, parseUsd } from "./usd";

export const DEFAULT_MAX_USD_PER_CALL = "0.10";
export const DEFAULT_MAX_USD_PER_SESSION = "1.00";
/** No channel deposits unless the caller allows them: batch-settlement is then never used. */
export const DEFAULT_MAX_USD_PER_DEPOSIT = "0";

export interface Reservation {
  atomic: bigint;
  /** Gives the amount back to the session budget (the answer proved nothing was charged). Idempotent. */
  release(): void;
}

export type CapCheck = { ok: true; reservation: Reservation } | { ok: false; message: string };

export class SpendCaps {
  readonly perCall: bigint;
  readonly perSession: bigint;
  /**
   * The most one batch-settlement deposit (opening or topping up a channel) may put in escrow. A
   * deposit is not a charge (its unclaimed rest is refunded): the vouchers paid from it count against
   * the per-call and session caps as any payment does.
   */
  readonly perDeposit: bigint;
  private held = 0n;

  constructor(caps: { maxUsdPerCall?: string; maxUsdPerSession?: string; maxUsdPerDeposit?: string } = {}) {
    this.perCall = SpendCaps.cap("maxUsdPerCall", caps.maxUsdPerCall ?? DEFAULT_MAX_USD_PER_CALL);
    this.perSession = SpendCaps.cap("maxUsdPerSession", caps.maxUsdPerSession ?? DEFAULT_MAX_USD_PER_SESSION);
    this.perDeposit = SpendCaps.cap("maxUsdPerDeposit", caps.maxUsdPerDeposit ?? DEFAULT_MAX_USD_PER_DEPOSIT);
  }

  // A misconfigured cap is a programming error at construction, not a result: fail loudly.
  private static cap(name: string, usd: string): bigint {
    const atomic = parseUsd(usd);
    if (atomic === null)
      throw new TypeError(
        `${name} must be decimal USD text with at most 6 decimals, e.g. "0.10"; got ${JSON.stringify(usd)}.`,
      );
    return atomic;
  }

  get spent(): bigint {
    return this.held;
  }

  get remaining(): bigint {
    return this.perSession > this.held ? this.perSession - this.held : 0n;
  }

  view(): { spentUsd: string; remainingUsd: string } {
    return { spentUsd: formatUsd(this.held), remainingUsd: formatUsd(this.remaining) };
  }

  /** Checks `atomic` against min(per-call cap, maxUsd) and the session remainder, and reserves it when it fits. */
  reserve(atomic: bigint, maxUsd?: string): CapCheck {
    let callCap = this.perCall;
    if (maxUsd !== undefined) {
      const tighter = parseUsd(maxUsd);
      if (tighter === null)
        return {
          ok: false,
          message: `maxUsd must be decimal USD text with at most 6 decimals, e.g. "0.05"; got ${JSON.stringify(maxUsd)}.`,
        };
      if (tighter < callCap) callCap = tighter; // a per-call option can only tighten the configured cap
    }
    if (atomic > callCap)
      return {
        ok: false,
        message: `The price ${formatUsd(atomic)} USD is above the per-call cap of ${formatUsd(callCap)} USD; nothing was signed or sent.`,
      };
    if (atomic > this.remaining) {
      return {
        ok: false,
        message: `The price ${formatUsd(atomic)} USD is above what is left of the session cap (${formatUsd(this.remaining)} of ${formatUsd(this.perSession)} USD); nothing was signed or sent.`,
      };
    }
    this.held += atomic;
    let released = false;
    return {
      ok: true,
      reservation: {
        atomic,
        release: () => {
          if (released) return;
          released = true;
          this.held -= atomic;
        },
      },
    };
  }
}
