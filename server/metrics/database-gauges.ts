// The gauges read from the shared database at scrape time (prom-client calls their collect()): the
// reconciler's backlog, its oldest open purchase, and the batch-settlement vouchers not yet claimed.
// Each is one short statement on a pool of its own (one connection): a scrape never takes a
// connection a purchase needs, and every step is bounded (connect, statement, and the whole read),
// so a slow or unreachable database never hangs the scrape. A read that fails or runs past the bound
// reports NaN: "not known now", never a made-up 0. They are the same on every instance.
import pg from "pg";
import { env } from "../env";
import { logger } from "../logger";

/** The longest a scrape waits for one database gauge. */
export const DATABASE_GAUGE_TIMEOUT_MS = 1000;

// The states of purchase-ledger.ts that are neither completed nor failed.
const OPEN_PURCHASES = `SELECT count(*)::float8 AS value FROM purchases WHERE state IN ('claimed', 'settling', 'settled')`;
const OLDEST_OPEN_PURCHASE = `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS value
  FROM purchases WHERE state IN ('claimed', 'settling', 'settled')`;
// A channel holds one voucher to claim while what it charged exceeds what was claimed (the library's
// own test before a claim, @x402/evm batch-settlement). Amounts are decimal strings in the record.
const UNCLAIMED_VOUCHERS = `SELECT count(*)::float8 AS value FROM batch_channels
  WHERE record->>'chargedCumulativeAmount' ~ '^[0-9]{1,78}$' AND record->>'totalClaimed' ~ '^[0-9]{1,78}$'
    AND (record->>'chargedCumulativeAmount')::numeric > (record->>'totalClaimed')::numeric`;

export interface DatabaseGauges {
  openPurchases(): Promise<number>;
  oldestOpenPurchaseAge(): Promise<number>;
  unclaimedVouchers(): Promise<number>;
}

export function databaseGauges(
  connectionString = env.DATABASE_URL,
  timeoutMs = DATABASE_GAUGE_TIMEOUT_MS,
): DatabaseGauges {
  let pool: pg.Pool | undefined;
  const poolOf = () => {
    if (pool) return pool;
    pool = new pg.Pool({
      connectionString,
      max: 1,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
    });
    // A connection lost while idle: the next scrape opens another.
    pool.on("error", () => {});
    return pool;
  };

  async function read(name: string, statement: string): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([poolOf().query<{ value: number }>(statement), late]);
      return Number(result.rows[0]?.value ?? Number.NaN);
    } catch (err) {
      logger.warn({ err: { message: (err as Error).message }, gauge: name }, "metrics: database gauge not read");
      return Number.NaN;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    openPurchases: () => read("open purchases", OPEN_PURCHASES),
    oldestOpenPurchaseAge: () => read("oldest open purchase", OLDEST_OPEN_PURCHASE),
    unclaimedVouchers: () => read("unclaimed vouchers", UNCLAIMED_VOUCHERS),
  };
}
