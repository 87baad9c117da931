// Read-only queries on the database of the app under test, for what no API shows (the local escrow's
// channel rows, the batch jobs' state): scripts/e2e.ts passes the app's data directory, whose
// embedded PostgreSQL writes its port into postmaster.pid (line 4), as a command run beside it reads it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { embeddedUrl, withClient } from "../../scripts/lib/embedded-postgres";

function appDatabaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e tests with npm run test:e2e.");
  const port = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]);
  return embeddedUrl(port, "marketplace");
}

/** The rows of one query on the app's database. */
export function queryAppDatabase<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return withClient(appDatabaseUrl(), async (c) => (await c.query(sql, params)).rows as T[]);
}
