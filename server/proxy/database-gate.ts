// Whether the database answers, asked by proxy.ts before a page that reads it renders. A page
// cannot answer 503 once it renders (Next.js sends 200, 404 or 500 only), so the question is asked
// first: an unreachable database gets the "temporarily unavailable" page with a 503 at once.
//
// One small pool of its own (proxy.ts is bundled apart from the pages, so it does not share theirs),
// one ping at a time however many requests wait for it, a bound on each ping, and a short hold-down
// after a failure so a dead database is not asked again by every request.
import pg from "pg";
import { env } from "../env";

export interface DatabaseGate {
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function createDatabaseGate(
  connectionString: string | undefined,
  { timeoutMs = 1500, holdDownMs = 1000 } = {},
): DatabaseGate {
  const pool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  });
  // A connection lost while idle: the next ping finds out and opens another.
  pool.on("error", () => {});
  let inFlight: Promise<boolean> | undefined;
  let downUntil = 0;

  const query = () =>
    pool.query("SELECT 1").then(
      () => true,
      () => false,
    );
  async function ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
    try {
      // A pooled connection that died with a database restart fails once; a fresh one decides.
      const ok = await Promise.race([query().then((first) => first || query()), timeout]);
      if (!ok) downUntil = Date.now() + holdDownMs;
      return ok;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    reachable() {
      if (Date.now() < downUntil) return Promise.resolve(false);
      inFlight ??= ping().finally(() => (inFlight = undefined));
      return inFlight;
    },
    close: () => pool.end(),
  };
}

let gate: DatabaseGate | undefined;
/** The gate on the marketplace's own database, created at the first page request. */
export function databaseGate(): DatabaseGate {
  return (gate ??= createDatabaseGate(env.DATABASE_URL));
}
