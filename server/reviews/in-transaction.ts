// Review writes run in one transaction: their own, or the caller's (a REST write commits its
// Idempotency-Key row in the same one, see idempotent-write.ts).
import { db } from "../db";
import { env } from "../env";
import type { DbClient } from "./review-record";

// Waiting for a connection is bounded by the pool (DATABASE_CONNECT_TIMEOUT_MS, then 503
// server_busy); Prisma's own start-up wait must be longer, or it would fail first with a 500.
const TRANSACTION_OPTIONS = { maxWait: env.DATABASE_CONNECT_TIMEOUT_MS + 2_000, timeout: 15_000 };

export function inTransaction<T>(client: DbClient | undefined, work: (tx: DbClient) => Promise<T>): Promise<T> {
  return client ? work(client) : db.$transaction(work, TRANSACTION_OPTIONS);
}
