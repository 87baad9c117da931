// The rate limiters' own small pg pool. Apart from the purchase pool on purpose: free traffic's
// counter writes never wait for, or hold, a connection a purchase needs, and their bounds (1 s to get
// a connection, 1 s per statement) apply to them alone. Past a bound the limiter falls back to
// memory (free-limiter.ts) instead of making a free request wait for the database.
import pg from "pg";
import { env } from "../env";
import { logger } from "../logger";

export const LIMITER_DB_TIMEOUT_MS = 1000;

export function createLimiterPool(connectionString = env.DATABASE_URL): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 2,
    connectionTimeoutMillis: LIMITER_DB_TIMEOUT_MS,
    query_timeout: LIMITER_DB_TIMEOUT_MS,
    statement_timeout: LIMITER_DB_TIMEOUT_MS,
    allowExitOnIdle: true,
  });
  pool.on("error", (err) =>
    logger.warn({ err: { name: err.name, message: err.message } }, "idle rate-limit connection lost"),
  );
  return pool;
}
