// The database a command works on: DATABASE_URL when set, otherwise the embedded cluster in DATA_DIR.
import path from "node:path";
import { env } from "../../server/env";
import { startEmbeddedPostgres, type EmbeddedCluster } from "./embedded-postgres";

export const EMBEDDED_DATABASE = "marketplace";

export async function resolveDatabase(log: (msg: string) => void): Promise<{ url: string; cluster?: EmbeddedCluster }> {
  if (env.DATABASE_URL) {
    log(`using DATABASE_URL (${new URL(env.DATABASE_URL).host})`);
    return { url: env.DATABASE_URL };
  }
  const dataDir = path.resolve(env.DATA_DIR, "postgres");
  log(`starting embedded PostgreSQL in ${dataDir} on port ${env.EMBEDDED_PG_PORT}`);
  const cluster = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT });
  await cluster.ensureDatabase(EMBEDDED_DATABASE);
  return { url: cluster.urlFor(EMBEDDED_DATABASE), cluster };
}
