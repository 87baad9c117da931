// `npm run db:backup [-- <file>]`: a backup of the marketplace's database (docs/operations.md "Backups").
// Without DATABASE_URL: an online physical backup of the embedded cluster of DATA_DIR (the running one
// of `npm start`, or started for the backup and stopped after), scripts/lib/physical-backup.ts. With
// DATABASE_URL: pg_dump of that database in the custom format, when PATH has a pg_dump of the
// server's major or newer; otherwise it says what to install or run instead.
import path from "node:path";
import { env } from "../server/env";
import { dumpExternal } from "./lib/external-dump";
import { backupCluster } from "./lib/physical-backup";
import { resolveDatabase } from "./lib/resolve-database";

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("usage: npm run db:backup [-- <file>]");
  process.exit(2);
}

try {
  if (env.DATABASE_URL) {
    const file = path.resolve(args[0] ?? path.join("backups", `marketplace-${stamp}.dump`));
    await dumpExternal(env.DATABASE_URL, file);
    console.log(`pg_dump (custom format) of DATABASE_URL's database written to ${file}`);
    console.log(`restore it with: npm run db:restore -- ${file}`);
  } else {
    const file = path.resolve(args[0] ?? path.join("backups", `marketplace-${stamp}.tar.gz`));
    const { url, cluster } = await resolveDatabase(console.log, { attach: true });
    try {
      const manifest = await backupCluster(url, file);
      console.log(
        `physical backup of the embedded PostgreSQL ${manifest.serverVersion} cluster written to ${file} ` +
          `(WAL ${manifest.startLsn} to ${manifest.stopLsn}, ${manifest.walFiles.length} segment(s))`,
      );
      console.log(`restore it with: npm run db:restore -- ${file}`);
    } finally {
      await cluster?.stop();
    }
  }
} catch (err) {
  console.error(`db:backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
