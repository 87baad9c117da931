// Every Prisma interactive transaction gives its pg connection back to the pool exactly once, and
// never gives back one whose transaction may still be open.
//
// Why: Prisma 6's transaction manager ends a transaction by sending COMMIT or ROLLBACK and only
// then calling the adapter's commit()/rollback(), which release the connection. When that
// statement fails (the connection was terminated mid-transaction, as in a PostgreSQL restart), the
// release never happens: the pool loses a connection for good, and after DATABASE_POOL_SIZE such
// failures every request of the instance waits for a connection until 503 server_busy. Measured:
// server/transaction-release.test.ts, and 60 outages cut across review writes, which starved the
// pool within the run before this file existed. The reverse also exists (prisma/orm#29719): a
// transaction discarded after its BEGIN is released without any ROLLBACK, inside an open transaction.
//
// So: a failed COMMIT/ROLLBACK releases the connection with its error (pg-pool then closes it), and
// a commit()/rollback() that arrives when no COMMIT/ROLLBACK succeeded closes it too. The first
// release wins; later ones do nothing.
import type { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type AdapterTransaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

const ENDS = new Set(["COMMIT", "ROLLBACK"]);

/** The pooled client inside @prisma/adapter-pg's transaction; checked, so an upgrade that renames it fails loudly. */
function pooledClientOf(tx: AdapterTransaction): pg.PoolClient {
  const client = (tx as unknown as { client?: pg.PoolClient }).client;
  if (!client || typeof client.release !== "function")
    throw new Error(
      "@prisma/adapter-pg's transaction no longer exposes its pool client: review server/transaction-release.ts",
    );
  return client;
}

function releaseOnce(tx: AdapterTransaction): AdapterTransaction {
  const client = pooledClientOf(tx);
  const cleanup = (tx as unknown as { cleanup?: () => void }).cleanup; // removes the adapter's error listener
  let released = false;
  let ended = false; // a COMMIT or ROLLBACK went through: the connection is out of its transaction
  const discard = (err: Error) => {
    if (released) return;
    released = true;
    cleanup?.();
    client.release(err); // with an error: pg-pool closes the connection instead of reusing it
  };
  const execute = tx.executeRaw.bind(tx);
  const commit = tx.commit.bind(tx);
  const rollback = tx.rollback.bind(tx);
  const finish = (release: () => Promise<void>) => async () => {
    if (released) return;
    if (!ended) return discard(new Error("transaction released without a COMMIT or ROLLBACK"));
    released = true;
    await release();
  };
  return Object.assign(tx, {
    async executeRaw(query: Parameters<AdapterTransaction["executeRaw"]>[0]) {
      const end = ENDS.has(query.sql);
      try {
        const count = await execute(query);
        if (end) ended = true;
        return count;
      } catch (err) {
        if (end) discard(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
    },
    commit: finish(commit),
    rollback: finish(rollback),
  });
}

/** `factory` whose adapters' transactions release their connection as described above. */
export function withTransactionRelease(factory: PrismaPg): PrismaPg {
  const connect = factory.connect.bind(factory);
  return Object.assign(factory, {
    async connect() {
      const adapter = await connect();
      const start = adapter.startTransaction.bind(adapter);
      return Object.assign(adapter, {
        startTransaction: async (...args: Parameters<Adapter["startTransaction"]>) => releaseOnce(await start(...args)),
      });
    },
  });
}
