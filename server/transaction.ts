// Interactive transactions for the service layer: one bound on how long they may wait and run,
// and a lock on a key that serialises one kind of write across every instance until commit.
import { db } from "./db";
import { env } from "./env";
import { Prisma } from "./generated/prisma/client";

/** Prisma's client or an open interactive transaction: services that write accept either, so a
 * REST write and its idempotency row commit together (server/idempotent-write.ts). */
export type DbClient = Prisma.TransactionClient;

// Waiting for a connection is bounded by the pool (DATABASE_CONNECT_TIMEOUT_MS, then 503
// server_busy); Prisma's own start-up wait must be longer, or it would fail first with a 500.
const TRANSACTION_OPTIONS = { maxWait: env.DATABASE_CONNECT_TIMEOUT_MS + 2_000, timeout: 15_000 };

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(client: DbClient | undefined, work: (tx: DbClient) => Promise<T>): Promise<T> {
  return client ? work(client) : db.$transaction(work, TRANSACTION_OPTIONS);
}

/** Holds a PostgreSQL advisory lock on `key` until the transaction ends: a check-then-insert
 * under it cannot race a twin (on any instance). */
export async function lockUntilCommit(tx: DbClient, key: string): Promise<void> {
  await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
