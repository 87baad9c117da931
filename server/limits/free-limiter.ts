// Rate limits of the free API and tRPC, on rate-limiter-flexible. Two layers per group of routes:
//   per client     counted in PostgreSQL (table rate_limits), so every instance shares the count;
//                  once a client has used its window, this instance refuses it from memory until the
//                  window ends (inMemoryBlockOnConsumed): an over-limit client costs no database trip.
//                  When the database fails or is slow, an in-memory limiter with the same limit takes
//                  over (per instance): requests stay limited and never fail because of the limiter.
//   per instance   all clients together, in memory, per second: bounds what free traffic can cost
//                  this process, database writes included, however many clients (or forged
//                  addresses) send it.
// Order: a client blocked in memory is refused first (it never uses up the instance's budget), then
// the instance cap (no database trip past it), then the client's count in PostgreSQL.
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { logger } from "../logger";
import { countRateLimitRefusal } from "../metrics/limit-metrics";

export interface Limit {
  points: number;
  durationS: number;
}

/** What a limiter decided, with what the RateLimit-* headers report. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window that refused (or counted) the request ends. */
  resetS: number;
  windowS: number;
}

export interface FreeLimiter {
  /** Counts `cost` requests of `client`; never throws. */
  consume(client: string, cost?: number): Promise<RateDecision>;
}

export const RATE_LIMIT_TABLE = "rate_limits";

// Public in the library's JavaScript (its consume() checks it first) but missing from its typings.
interface InMemoryBlocks {
  getInMemoryBlockMsBeforeExpire(rlKey: string): number;
}

const decision = (allowed: boolean, limit: Limit, res: RateLimiterRes): RateDecision => ({
  allowed,
  limit: limit.points,
  remaining: allowed ? res.remainingPoints : 0,
  resetS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  windowS: limit.durationS,
});

export function createFreeLimiter(opts: {
  name: string;
  perClient: Limit;
  instancePerSecond: number;
  pool: pg.Pool;
}): FreeLimiter {
  const { name, perClient } = opts;
  const perInstance: Limit = { points: opts.instancePerSecond, durationS: 1 };
  const clients = new RateLimiterPostgres({
    storeClient: opts.pool,
    storeType: "pool",
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true, // the migration made it
    // Not the library's own sweep (an unbounded DELETE every 5 minutes on every instance): the
    // scheduled retention deletes expired rows in bounded batches, one instance at a time.
    clearExpiredByTimeout: false,
    keyPrefix: name,
    points: perClient.points,
    duration: perClient.durationS,
    inMemoryBlockOnConsumed: perClient.points,
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: `${name}-insurance`,
      points: perClient.points,
      duration: perClient.durationS,
    }),
  });
  const instance = new RateLimiterMemory({
    keyPrefix: `${name}-instance`,
    points: perInstance.points,
    duration: perInstance.durationS,
  });

  async function layer(
    limiter: RateLimiterPostgres | RateLimiterMemory,
    limit: Limit,
    key: string,
    cost: number,
  ): Promise<RateDecision | undefined> {
    try {
      return decision(true, limit, await limiter.consume(key, cost));
    } catch (err) {
      if (err instanceof RateLimiterRes) return decision(false, limit, err);
      // Only if the insurance limiter itself failed: let the request through rather than fail it.
      logger.warn({ err, limiter: name }, "rate limiter failed; request not counted");
      return undefined;
    }
  }

  async function decide(client: string, cost: number): Promise<RateDecision> {
    const blockedMs = (clients as unknown as InMemoryBlocks).getInMemoryBlockMsBeforeExpire(clients.getKey(client));
    if (blockedMs > 0) return decision(false, perClient, new RateLimiterRes(0, blockedMs));
    const shared = await layer(instance, perInstance, "all", cost);
    if (shared && !shared.allowed) return shared;
    const own = await layer(clients, perClient, client, cost);
    return (
      own ??
      shared ?? {
        allowed: true,
        limit: perClient.points,
        remaining: perClient.points,
        resetS: perClient.durationS,
        windowS: perClient.durationS,
      }
    );
  }

  return {
    async consume(client, cost = 1) {
      const decided = await decide(client, cost);
      // Every refusal of this group, whichever layer refused it (marketplace_rate_limit_refusals_total).
      if (!decided.allowed) countRateLimitRefusal(name);
      return decided;
    },
  };
}
