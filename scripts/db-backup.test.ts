// npm run db:backup and npm run db:restore, as a person runs them, on an embedded cluster of their
// own (not the test run's): a cluster with data is backed up while it runs (writes going on during the
// backup included), restored into a fresh data directory, started, and compared with what it held
// when the backup ended; writes after the backup are not in it. A restore never overwrites a cluster.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { runScript } from "@/test/scripts/run-script";
import { startEmbeddedPostgres, withClient, type EmbeddedCluster } from "./lib/embedded-postgres";
import { backupCluster, clusterOwner, readBackupManifest, restoreCluster } from "./lib/physical-backup";
import { EMBEDDED_DATABASE } from "./lib/resolve-database";

const SCRIPT_TEST_MS = 300_000;
const dirs: string[] = [];
const clusters: EmbeddedCluster[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "db-backup-test-"));
  dirs.push(dir);
  return dir;
};
async function cluster(dataDir: string, port?: number): Promise<EmbeddedCluster> {
  const c = await startEmbeddedPostgres({ dataDir, port: port ?? (await freePort()), quiet: true });
  clusters.push(c);
  return c;
}
const stop = async (c: EmbeddedCluster) => {
  clusters.splice(clusters.indexOf(c), 1);
  await c.stop();
};

/** The script's environment: the embedded cluster of `dataDir` (no DATABASE_URL). */
function scriptEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unset, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
}

const sql = (c: EmbeddedCluster, text: string, database = EMBEDDED_DATABASE) =>
  withClient(c.urlFor(database), (client) => client.query(text));

/** What the cluster holds, as one comparable value. */
async function snapshot(c: EmbeddedCluster) {
  const items = await sql(
    c,
    `SELECT count(*)::int AS n, md5(string_agg(id || ':' || label || ':' || md5(blob), ',' ORDER BY id)) AS digest FROM items`,
  );
  const other = await sql(c, "SELECT string_agg(note, ',' ORDER BY note) AS notes FROM notes", "other");
  return { ...items.rows[0], notes: other.rows[0].notes };
}

let source: EmbeddedCluster;
let sourceDir: string;
let sourcePort: number;
beforeAll(async () => {
  sourceDir = await tempDir();
  sourcePort = await freePort();
  source = await cluster(path.join(sourceDir, "postgres"), sourcePort);
  await source.ensureDatabase(EMBEDDED_DATABASE);
  await source.ensureDatabase("other");
  await sql(source, "CREATE TABLE items (id serial PRIMARY KEY, label text NOT NULL, blob bytea NOT NULL)");
  // Enough to span WAL segments (16 MiB each): random blobs do not compress.
  await sql(
    source,
    "INSERT INTO items (label, blob) SELECT 'before-' || g, decode(repeat(md5(g::text || random()::text), 2048), 'hex') FROM generate_series(1, 2000) g",
  );
  await sql(source, "CREATE TABLE notes (note text)", "other");
  await sql(source, "INSERT INTO notes VALUES ('in another database')", "other");
}, 180_000);

afterAll(async () => {
  for (const c of clusters.splice(0)) await c.stop().catch(() => undefined);
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("npm run db:backup / db:restore (embedded cluster)", { timeout: SCRIPT_TEST_MS }, () => {
  it("round trip: back up the running cluster, restore it into a fresh directory, the same data comes back", async () => {
    const file = path.join(await tempDir(), "backup.tar.gz");
    const backup = await runScript("scripts/db-backup.ts", [file], scriptEnv(sourceDir, sourcePort));
    expect(backup.code, backup.stderr + backup.stdout).toBe(0);
    expect(backup.stdout).toContain("using the running embedded PostgreSQL");
    expect(backup.stdout).toContain(`written to ${file}`);
    const atBackup = await snapshot(source);
    expect(atBackup.n).toBe(2000);
    // Written after the backup: not in it.
    await sql(source, "INSERT INTO items (label, blob) VALUES ('after', '\\x00')");

    const targetDir = await tempDir();
    const targetPort = await freePort();
    const restore = await runScript("scripts/db-restore.ts", [file], scriptEnv(targetDir, targetPort));
    expect(restore.code, restore.stderr + restore.stdout).toBe(0);
    expect(restore.stdout).toContain(`restored: database ${EMBEDDED_DATABASE} answers (1 tables)`);

    const restored = await cluster(path.join(targetDir, "postgres"), targetPort);
    expect(await snapshot(restored)).toEqual(atBackup);
    expect((await sql(restored, "SELECT count(*)::int AS n FROM items WHERE label = 'after'")).rows[0].n).toBe(0);
    // A cluster of its own: it takes writes, the source does not see them.
    await sql(restored, "INSERT INTO items (label, blob) VALUES ('restored', '\\x01')");
    expect((await sql(source, "SELECT count(*)::int AS n FROM items WHERE label = 'restored'")).rows[0].n).toBe(0);
    await stop(restored);

    // Into a directory that holds a cluster: refused, nothing touched.
    const again = await runScript("scripts/db-restore.ts", [file], scriptEnv(targetDir, targetPort));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("is not empty");
  });

  it("keeps what was written while the backup ran: the WAL copied with it is replayed", async () => {
    const file = path.join(await tempDir(), "during.tar.gz");
    const manifest = await backupCluster(source.urlFor(EMBEDDED_DATABASE), file, {
      afterStart: async () => {
        await sql(
          source,
          "INSERT INTO items (label, blob) SELECT 'during-' || g, decode(repeat(md5(g::text), 1024), 'hex') FROM generate_series(1, 500) g",
        );
        await sql(source, "UPDATE items SET label = label || '-changed' WHERE id <= 100");
        await sql(source, "DELETE FROM items WHERE id BETWEEN 101 AND 200");
      },
    });
    expect(manifest.walFiles.length).toBeGreaterThan(0);
    const atBackup = await snapshot(source);
    const targetDir = path.join(await tempDir(), "restored");
    await restoreCluster(file, targetDir, clusterOwner());
    const restored = await cluster(targetDir);
    expect(await snapshot(restored)).toEqual(atBackup);
    expect((await sql(restored, "SELECT count(*)::int AS n FROM items WHERE label LIKE 'during-%'")).rows[0].n).toBe(
      500,
    );
    await stop(restored);
  });

  it("refuses a file that is not one of its backups, and usage errors", async () => {
    const bogus = path.join(await tempDir(), "bogus.tar.gz");
    await writeFile(bogus, "not a backup");
    await expect(readBackupManifest(bogus)).rejects.toThrow("is not a backup made by npm run db:backup");
    const target = await tempDir();
    const restore = await runScript("scripts/db-restore.ts", [bogus], scriptEnv(target, await freePort()));
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("is not a backup made by npm run db:backup");
    const usage = await runScript("scripts/db-restore.ts", [], scriptEnv(target, await freePort()));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage: npm run db:restore");
  });
});

describe("npm run db:backup with DATABASE_URL", { timeout: SCRIPT_TEST_MS }, () => {
  it("says what to install when PATH has no pg_dump that can dump the server", async () => {
    const emptyBin = await tempDir();
    const run = await runScript("scripts/db-backup.ts", [path.join(emptyBin, "x.dump")], {
      ...process.env,
      DATABASE_URL: source.urlFor(EMBEDDED_DATABASE),
      PATH: emptyBin,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("There is no pg_dump on PATH. Install the client tools of PostgreSQL 17");
  });
});
