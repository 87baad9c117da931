// Failed sign-ins per account, whatever address they come from (the `auth` limit counts per address
// only, and addresses are cheap). Keyed by the email address as submitted (trimmed, lower-cased,
// hashed: the table holds no addresses), whether or not an account has it, so the answers say
// nothing about which accounts exist. Counted in PostgreSQL (rate_limits), shared by every instance:
//   attempts   each sign-in takes a point BEFORE its password is checked (an atomic upsert, so a burst
//              of parallel guesses gets no more than the allowance); SIGN_IN_FAILURES_BEFORE_LOCK
//              points per 15 minutes; a success clears them.
//   locks      when an attempt that used the last point fails, the account is locked for
//              SIGN_IN_LOCK_SECONDS, doubled for each earlier lock in the last 24 hours (at most 1 h);
//              a success clears the history.
// A locked account is refused (429 + Retry-After) without checking the password, the right one too:
// otherwise guessing would simply go on. When the database fails, in-memory limiters with the same
// settings decide per instance.
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { logger } from "../logger";
import { countRateLimitRefusal } from "../metrics/limit-metrics";
import { RATE_LIMIT_TABLE } from "./free-limiter";
import { limiterPool, rateLimitsEnabled } from "./free-limits";

export const SIGN_IN_WINDOW_S = 15 * 60;
export const SIGN_IN_MAX_LOCK_S = 60 * 60;
const LOCK_HISTORY_S = 24 * 60 * 60;

export type SignInAdmission = { allowed: true; attempt: number } | { allowed: false; retryAfterS: number };

export interface SignInThrottle {
  /** Before the password is checked: go ahead (this attempt's number in the window), or wait. */
  admit(email: string): Promise<SignInAdmission>;
  /** The password was wrong (or the account unknown). */
  failed(email: string, attempt: number): Promise<void>;
  /** Signed in: the count and the lock history start over. */
  succeeded(email: string): Promise<void>;
}

const accountKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** The lock after the `locks`-th run of failures: doubling from `baseS`, at most an hour. */
export const lockSeconds = (baseS: number, locks: number) =>
  Math.min(SIGN_IN_MAX_LOCK_S, baseS * 2 ** Math.min(Math.max(0, locks - 1), 20));

export function createSignInThrottle(opts: {
  failures: number;
  lockS: number;
  pool: ReturnType<typeof limiterPool>;
}): SignInThrottle {
  const store = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: opts.pool,
      storeType: "pool",
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      // Expired rows go with the scheduled retention (server/retention/), not the library's sweep.
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}-insurance`, points, duration }),
    });
  const attempts = store("signin_account", opts.failures, SIGN_IN_WINDOW_S);
  const locks = store("signin_account_locks", 1_000_000, LOCK_HISTORY_S);

  return {
    async admit(email) {
      try {
        const res = await attempts.consume(accountKey(email));
        return { allowed: true, attempt: res.consumedPoints };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          countRateLimitRefusal("sign_in");
          return { allowed: false, retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        }
        logger.warn({ err }, "sign-in throttle failed; attempt not counted");
        return { allowed: true, attempt: 0 };
      }
    },
    async failed(email, attempt) {
      if (attempt < opts.failures) return;
      const key = accountKey(email);
      try {
        const history = await locks.consume(key);
        await attempts.block(key, lockSeconds(opts.lockS, history.consumedPoints));
      } catch (err) {
        logger.warn({ err }, "sign-in throttle could not lock an account");
      }
    },
    async succeeded(email) {
      const key = accountKey(email);
      await Promise.all([attempts.delete(key), locks.delete(key)]).catch((err: unknown) =>
        logger.warn({ err }, "sign-in throttle could not clear an account"),
      );
    },
  };
}

let throttle: SignInThrottle | undefined;

/** This process's throttle; undefined when rate limits are switched off. */
export function signInThrottle(): SignInThrottle | undefined {
  if (!rateLimitsEnabled) return undefined;
  return (throttle ??= createSignInThrottle({
    failures: env.SIGN_IN_FAILURES_BEFORE_LOCK,
    lockS: env.SIGN_IN_LOCK_SECONDS,
    pool: limiterPool(),
  }));
}
