// The groups of free routes and their limits (server/env.ts), one limiter each per process.
import { env } from "../env";
import { createFreeLimiter, type FreeLimiter } from "./free-limiter";
import { createLimiterPool } from "./limiter-pool";
import { searchInstanceCap } from "./search-capacity";

export type FreeGroup =
  "search" | "catalog" | "reviews" | "trpc" | "recovery" | "writes" | "writes_ip" | "auth" | "observe" | "wallet";

const LIMITS: Record<FreeGroup, { perMinute: number; instancePerSecond: number }> = {
  search: {
    perMinute: env.RATE_LIMIT_SEARCH_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_SEARCH_INSTANCE_PER_SECOND ?? searchInstanceCap(),
  },
  catalog: {
    perMinute: env.RATE_LIMIT_CATALOG_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_CATALOG_INSTANCE_PER_SECOND,
  },
  reviews: {
    perMinute: env.RATE_LIMIT_REVIEWS_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_REVIEWS_INSTANCE_PER_SECOND,
  },
  trpc: { perMinute: env.RATE_LIMIT_TRPC_PER_MINUTE, instancePerSecond: env.RATE_LIMIT_TRPC_INSTANCE_PER_SECOND },
  recovery: {
    perMinute: env.RATE_LIMIT_RECOVERY_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_RECOVERY_INSTANCE_PER_SECOND,
  },
  writes: { perMinute: env.RATE_LIMIT_WRITES_PER_MINUTE, instancePerSecond: env.RATE_LIMIT_WRITES_INSTANCE_PER_SECOND },
  writes_ip: {
    perMinute: env.RATE_LIMIT_WRITES_IP_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_WRITES_IP_INSTANCE_PER_SECOND,
  },
  auth: { perMinute: env.RATE_LIMIT_AUTH_PER_MINUTE, instancePerSecond: env.RATE_LIMIT_AUTH_INSTANCE_PER_SECOND },
  // Wallet sign-ins, per wallet address (server/http/wallet-sign-in-route.ts).
  wallet: {
    perMinute: env.RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_WALLET_SIGN_INS_INSTANCE_PER_SECOND,
  },
  // Calls through the observer route, per marketplace token.
  observe: {
    perMinute: env.RATE_LIMIT_OBSERVE_PER_MINUTE,
    instancePerSecond: env.RATE_LIMIT_OBSERVE_INSTANCE_PER_SECOND,
  },
};

export const rateLimitsEnabled = env.RATE_LIMIT_ENABLED === "true";

/** The per-instance cap of a group: requests per second of all clients together. */
export const instanceCap = (group: FreeGroup): number => LIMITS[group].instancePerSecond;

let limiters: Record<FreeGroup, FreeLimiter> | undefined;
let pool: ReturnType<typeof createLimiterPool> | undefined;

/** The process's one rate-limiter pool, shared by every limiter (sign-in-throttle.ts too). */
export const limiterPool = () => (pool ??= createLimiterPool());

export function freeLimiter(group: FreeGroup): FreeLimiter {
  limiters ??= (() => {
    const pool = limiterPool();
    const make = (name: FreeGroup) =>
      createFreeLimiter({
        name,
        perClient: { points: LIMITS[name].perMinute, durationS: 60 },
        instancePerSecond: LIMITS[name].instancePerSecond,
        pool,
      });
    // Expired rows of the shared table are deleted by the scheduled retention (server/retention/).
    return {
      search: make("search"),
      catalog: make("catalog"),
      reviews: make("reviews"),
      trpc: make("trpc"),
      recovery: make("recovery"),
      writes: make("writes"),
      writes_ip: make("writes_ip"),
      auth: make("auth"),
      observe: make("observe"),
      wallet: make("wallet"),
    };
  })();
  return limiters[group];
}
