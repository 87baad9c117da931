// "Same key still being processed" (decisions.md §3.4) needs to know whether the request holding
// a key is alive. A PostgreSQL advisory lock answers exactly that: it is held by one connection
// while the purchase runs and released by the server the moment that connection closes, so a
// crashed process never leaves a key stuck (no lease to wait out after a restart).
//
// The lock is transaction-scoped (pg_try_advisory_xact_lock inside BEGIN … ROLLBACK): it ends with
// its transaction, so it also works behind a pooler in transaction mode (PgBouncer pins the server
// connection for the transaction), where a session lock could be unlocked on another connection.
//
// It lives on the instance's one pool (server/db.ts). A lock holder keeps its connection for the
// whole purchase while its statements take others: if lock holders could take every connection,
// they would all wait for a statement connection that never comes. So at most half the pool holds
// locks at once; the rest always serves statements. Waiting for either is bounded: past
// DATABASE_CONNECT_TIMEOUT_MS the caller gets DatabaseBusyError (503 server_busy), not a hang.
import type pg from "pg";
import { checkoutConnection, DatabaseBusyError } from "../db";
import { env } from "../env";
import { logger } from "../logger";

/** Connections of the pool that purchase locks may hold at once. */
export const PURCHASE_LOCK_SLOTS = Math.max(1, Math.floor(env.DATABASE_POOL_SIZE / 2));

// A counting semaphore, first come first served, with a bounded wait. One per process: Next.js
// bundles this module twice (instrumentation's reconciler and the routes), like server/db.ts's pool,
// so the count lives on globalThis; two counters would let locks take the whole pool.
const slots = ((
  globalThis as { marketplaceLockSlots?: { held: number; waiting: { grant: () => void }[] } }
).marketplaceLockSlots ??= { held: 0, waiting: [] });
const waiting = slots.waiting;

function takeSlot(): Promise<void> {
  if (slots.held < PURCHASE_LOCK_SLOTS) {
    slots.held++;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const waiter = {
      grant: () => {
        clearTimeout(timer);
        resolve();
      },
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(waiter), 1);
      reject(
        new DatabaseBusyError(new Error(`no purchase lock slot free within ${env.DATABASE_CONNECT_TIMEOUT_MS} ms`)),
      );
    }, env.DATABASE_CONNECT_TIMEOUT_MS);
    waiting.push(waiter);
  });
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next)
    next.grant(); // the slot passes on: `held` is unchanged
  else slots.held--;
}

/**
 * Runs `fn` while holding the lock named `name`; returns `{ locked: false }` at once when another
 * connection holds it. Throws DatabaseBusyError when no slot or connection frees up in time.
 */
export async function withPurchaseLock<T>(
  name: string,
  fn: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  await takeSlot();
  let client: pg.PoolClient;
  try {
    client = await checkoutConnection();
  } catch (err) {
    releaseSlot();
    throw err;
  }
  let broken: Error | undefined;
  const end = () =>
    client.query("ROLLBACK").then(
      () => undefined,
      (err: unknown) => void (broken = err instanceof Error ? err : new Error(String(err))),
    );
  // pg-pool listens for errors only on idle clients: a connection lost while held must not crash
  // the process (the lock is gone with it; the ledger's conditional transitions fence the rest).
  const onError = (err: Error) =>
    logger.warn({ err: { name: err.name, message: err.message } }, "purchase lock connection lost");
  client.on("error", onError);
  try {
    let ok: boolean;
    try {
      // One round trip; the name is escaped by pg and hashed as the earlier session lock hashed it,
      // so instances of both versions exclude each other during a rolling deploy.
      const sql = `BEGIN; SELECT pg_try_advisory_xact_lock(hashtextextended(${client.escapeLiteral(name)}, 0)) AS ok`;
      const results = (await client.query(sql)) as unknown as pg.QueryResult<{ ok: boolean }>[];
      ok = results[1]?.rows[0]?.ok === true;
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    }
    if (!ok) {
      await end();
      return { locked: false };
    }
    try {
      return { locked: true, value: await fn() };
    } finally {
      await end(); // nothing was written in this transaction: ending it only releases the lock
    }
  } finally {
    client.off("error", onError);
    // A connection whose transaction could not be ended is dropped, which releases the lock on the server.
    client.release(broken);
    releaseSlot();
  }
}
