// A database outage for one test file, as a PostgreSQL restart looks to the app: the file's
// database refuses new connections and its open ones are terminated. Restored after each test.
import { afterEach, inject } from "vitest";
import { withClient } from "@/scripts/lib/embedded-postgres";

export function databaseOutage(): { cut(): Promise<void>; restore(): Promise<void> } {
  const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
  const admin = (sql: string, values: unknown[] = []) => withClient(inject("pgAdminUrl"), (c) => c.query(sql, values));
  let outage = false;
  const restore = async () => {
    await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    outage = false;
  };
  afterEach(async () => {
    if (outage) await restore();
  });
  return {
    async cut() {
      outage = true;
      await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [database],
      );
    },
    restore,
  };
}
