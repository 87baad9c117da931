// Prisma client singleton on the pg driver adapter, and `sqlQuery` for the few hot paths that
// run a statement straight on the same pg pool. Only server/** (and scripts) import this file.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/prisma/client";
import { env } from "./env";
import { logger } from "./logger";
import { withTransactionRelease } from "./transaction-release";

export function createPrismaClient(connectionString: string | undefined, max = env.DATABASE_POOL_SIZE): PrismaClient {
  return new PrismaClient({ adapter: withTransactionRelease(new PrismaPg({ connectionString, max })) });
}

// One pool and client per process: reused across hot reloads in development, and shared when Next.js
// bundles this module twice (instrumentation's reconciler and the routes), so the instance's
// connection budget is one DATABASE_POOL_SIZE.
const globalForDb = globalThis as unknown as { marketplacePool?: pg.Pool; marketplaceDb?: PrismaClient };
// The instance's one pool (Prisma, sqlQuery and the purchase locks): DATABASE_POOL_SIZE connections.
// Waiting for a free one is bounded: past DATABASE_CONNECT_TIMEOUT_MS the request is "busy".
const pool =
  globalForDb.marketplacePool ??
  new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
  });
// A connection lost while idle in the pool must not crash the process (pg emits it on the pool).
// Nor one lost while checked out between statements (a lock holder, a Prisma transaction): pg then
// emits on the client itself, where pg-pool listens only while it is idle. Every client gets a
// listener of its own when it is created; whoever holds it still sees its next query fail.
if (!globalForDb.marketplacePool) {
  const lost = (what: string) => (err: Error) => logger.warn({ err: { name: err.name, message: err.message } }, what);
  pool.on("error", lost("idle database connection lost"));
  pool.on("connect", (client) => client.on("error", lost("database connection lost while in use")));
}
// Prisma must not end the shared pool on $disconnect (it would quietly open a private one after,
// leaving sqlQuery on an ended pool): closeDatabase() ends both.
export const db =
  globalForDb.marketplaceDb ??
  new PrismaClient({ adapter: withTransactionRelease(new PrismaPg(pool, { disposeExternalPool: false })) });
Object.assign(globalForDb, { marketplacePool: pool, marketplaceDb: db });

/** The pool's counts (pg-pool's totalCount, idleCount, waitingCount), for the metrics (server/metrics/). */
export function poolCounts(): { total: number; idle: number; waiting: number } {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Ends this process's database connections (scripts, at exit). */
export async function closeDatabase(): Promise<void> {
  await db.$disconnect();
  await pool.end();
}

/**
 * A statement that failed in or on the way to PostgreSQL; `code` is its SQLSTATE and `constraint`
 * the violated constraint's name, when PostgreSQL gave them.
 */
export class DatabaseError extends Error {
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  constructor(cause: unknown) {
    const err = cause instanceof Error ? cause : new Error(String(cause));
    super(err.message, { cause });
    this.name = "DatabaseError";
    this.code = (err as { code?: string }).code;
    this.constraint = (err as { constraint?: string }).constraint;
  }
}

export const UNIQUE_VIOLATION = "23505";

/**
 * No connection became free in time: every one is in use (the database itself may be healthy).
 * pg-pool says so only for a request that waited in its queue; a connection it failed to open
 * (database down or unreachable) stays a plain DatabaseError.
 */
export class DatabaseBusyError extends DatabaseError {
  constructor(cause: unknown) {
    super(cause);
    this.name = "DatabaseBusyError";
  }
}

const POOL_QUEUE_TIMEOUT = "timeout exceeded when trying to connect";

/**
 * Whether an error means "no connection free in time", whichever layer threw it: sqlQuery's
 * DatabaseBusyError, or Prisma, which passes pg-pool's error through as a plain Error. The REST
 * and tRPC edges can answer it 503 server_busy + Retry-After instead of a 500.
 */
export function isDatabaseBusy(err: unknown): boolean {
  return err instanceof DatabaseBusyError || (err instanceof Error && err.message === POOL_QUEUE_TIMEOUT);
}

function databaseError(err: unknown): DatabaseError {
  return isDatabaseBusy(err) ? new DatabaseBusyError(err) : new DatabaseError(err);
}

/** A connection of the shared pool, held until the caller releases it; DatabaseBusyError when none frees up in time. */
export async function checkoutConnection(): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (err) {
    throw databaseError(err);
  }
}

/**
 * Runs one `Prisma.sql` statement on the pool Prisma uses, bypassing its query engine: a purchase
 * makes about fourteen statements, and through the engine each cost ~1.5 ms of CPU here instead of
 * ~0.2 ms (measured; see docs/decisions.md "Payments"). Rows come back as pg parses them: int8
 * and numeric as strings, jsonb parsed, timestamptz as Date.
 */
export async function sqlQuery<T>(statement: Prisma.Sql): Promise<T[]> {
  try {
    return (await pool.query(statement.text, statement.values as unknown[])).rows as T[];
  } catch (err) {
    throw databaseError(err);
  }
}
