// `npm run db:restore -- <file> [--data-dir <dir>] [--clean]` (docs/operations.md "Backups").
// A physical backup (npm run db:backup without DATABASE_URL) is unpacked into an empty data directory,
// DATA_DIR/postgres unless --data-dir names another, then started once, which replays its WAL, and
// stopped: `npm start` then runs on it. The cluster of `npm start` must be stopped and its directory
// moved away first: a restore never overwrites a cluster. A pg_dump file (the backup with DATABASE_URL)
// goes into DATABASE_URL's database with pg_restore: an empty one, or --clean to drop its objects first.
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "../server/env";
import { startEmbeddedPostgres, withClient } from "./lib/embedded-postgres";
import { restoreExternal } from "./lib/external-dump";
import { clusterOwner, readBackupManifest, restoreCluster } from "./lib/physical-backup";
import { EMBEDDED_DATABASE, runningEmbeddedUrl } from "./lib/resolve-database";

const USAGE = "usage: npm run db:restore -- <file> [--data-dir <dir>] [--clean]";
function readArgs() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { "data-dir": { type: "string" }, clean: { type: "boolean" } },
    });
  } catch {
    console.error(USAGE);
    process.exit(2);
  }
}
const parsed = readArgs();
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

try {
  if (env.DATABASE_URL) {
    await restoreExternal(env.DATABASE_URL, path.resolve(file), parsed.values.clean === true);
    console.log(`restored ${file} into DATABASE_URL's database; then run npm run db:migrate`);
  } else {
    const dataDir = path.resolve(parsed.values["data-dir"] ?? path.join(env.DATA_DIR, "postgres"));
    await readBackupManifest(file);
    if (await runningEmbeddedUrl(dataDir))
      throw new Error(`The cluster of ${dataDir} is running: stop npm start, move the directory away, then restore.`);
    const manifest = await restoreCluster(file, dataDir, clusterOwner());
    console.log(`unpacked the backup of ${manifest.createdAt} into ${dataDir}; replaying its WAL`);
    // The first start replays the WAL up to the backup's end; the database must then answer.
    const cluster = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT });
    try {
      const { rows } = await withClient(cluster.urlFor(EMBEDDED_DATABASE), (c) =>
        c.query<{ tables: number }>("SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'"),
      );
      console.log(
        `restored: database ${EMBEDDED_DATABASE} answers (${rows[0]!.tables} tables); npm start applies any newer migrations`,
      );
    } finally {
      await cluster.stop();
    }
  }
} catch (err) {
  console.error(`db:restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
