// The database a command works on: DATABASE_URL when set, otherwise the embedded cluster in DATA_DIR.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { env } from "../../server/env";
import { embeddedUrl, startEmbeddedPostgres, withClient, type EmbeddedCluster } from "./embedded-postgres";

export const EMBEDDED_DATABASE = "marketplace";

/** The URL of the embedded cluster of DATA_DIR when one is already running (e.g. under `npm start`),
 * so a command run beside it uses it instead of failing on the cluster's lock file. */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket directory, ...
  const [pidLine, , , portLine, socketLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return undefined; // a stale lock file
  }
  const url = embeddedUrl(port, EMBEDDED_DATABASE, socketLine?.trim() || undefined);
  try {
    await withClient(url, (c) => c.query("SELECT 1"));
    return url;
  } catch {
    return undefined;
  }
}

/** `attach`: use an embedded cluster that is already running instead of starting one (for commands
 * run beside the service; the service itself always starts and owns its cluster). */
export async function resolveDatabase(
  log: (msg: string) => void,
  opts: { attach?: boolean } = {},
): Promise<{ url: string; cluster?: EmbeddedCluster }> {
  if (env.DATABASE_URL) {
    log(`using DATABASE_URL (${new URL(env.DATABASE_URL).host})`);
    return { url: env.DATABASE_URL };
  }
  const dataDir = path.resolve(env.DATA_DIR, "postgres");
  if (opts.attach) {
    const running = await runningEmbeddedUrl(dataDir);
    if (running) {
      log(`using the running embedded PostgreSQL of ${dataDir}`);
      return { url: running };
    }
  }
  log(`starting embedded PostgreSQL in ${dataDir} on port ${env.EMBEDDED_PG_PORT}`);
  const cluster = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT });
  await cluster.ensureDatabase(EMBEDDED_DATABASE);
  return { url: cluster.urlFor(EMBEDDED_DATABASE), cluster };
}
