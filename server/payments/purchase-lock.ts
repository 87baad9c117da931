// "Same key still being processed" (decisions.md §3.4) needs to know whether the request holding
// a key is alive. A PostgreSQL session advisory lock answers exactly that: it is held by one
// connection while the purchase runs and released by the server the moment that connection
// closes, so a crashed process never leaves a key stuck (no lease to wait out after a restart).
import pg from "pg";
import { env } from "../env";
import { logger } from "../logger";

let pool: pg.Pool | undefined;

function lockPool(): pg.Pool {
  // A bounded wait for a connection: when the database is unreachable the purchase answers 503.
  if (!pool) {
    pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE, allowExitOnIdle: true, connectionTimeoutMillis: 10_000 });
    // An idle connection lost (database restart) is reported on the pool: without a listener it would crash the process.
    pool.on("error", (err) => logger.warn({ err: { name: err.name, message: err.message } }, "idle purchase lock connection lost"));
  }
  return pool;
}

/**
 * Runs `fn` while holding the lock named `name`; returns `{ locked: false }` at once when another
 * connection holds it.
 */
export async function withPurchaseLock<T>(name: string, fn: () => Promise<T>): Promise<{ locked: true; value: T } | { locked: false }> {
  const client = await lockPool().connect();
  let released = false;
  // pg-pool listens for errors only on idle clients: a connection lost while held must not crash
  // the process (the lock is gone with it; the ledger's conditional transitions fence the rest).
  const onError = (err: Error) => logger.warn({ err: { name: err.name, message: err.message } }, "purchase lock connection lost");
  client.on("error", onError);
  try {
    const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok", [name]);
    if (!rows[0]?.ok) return { locked: false };
    try {
      return { locked: true, value: await fn() };
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [name]).catch((err: unknown) => {
        // Unlock failed: drop the connection, which releases the lock on the server.
        released = true;
        client.release(err instanceof Error ? err : new Error(String(err)));
      });
    }
  } finally {
    client.off("error", onError);
    if (!released) client.release();
  }
}
