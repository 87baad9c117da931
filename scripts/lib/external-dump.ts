// Backups of a database named by DATABASE_URL (a server this project did not start): that server's
// own tooling, pg_dump and pg_restore from PATH, in pg_dump's custom format. pg_dump refuses a server
// of a newer major than itself, so the client's major is checked first and the refusal explained.
import { spawnSync } from "node:child_process";
import { withClient } from "./embedded-postgres";
import { run } from "./run";

/** The major version of a PostgreSQL client tool on PATH, or null when there is none. */
export function clientMajor(tool: "pg_dump" | "pg_restore"): number | null {
  const out = spawnSync(tool, ["--version"], { encoding: "utf8" });
  if (out.error || out.status !== 0) return null;
  const m = /\b(\d+)(?:\.\d+)?/.exec(out.stdout);
  return m ? Number(m[1]) : null;
}

export async function serverMajor(url: string): Promise<number> {
  const { rows } = await withClient(url, (c) =>
    c.query<{ num: number }>("SELECT current_setting('server_version_num')::int AS num"),
  );
  return Math.floor(rows[0]!.num / 10_000);
}

/** Why this PATH's tool cannot serve a server of `major`, or null when it can. */
export function toolProblem(tool: "pg_dump" | "pg_restore", major: number): string | null {
  const client = clientMajor(tool);
  if (client === null)
    return (
      `There is no ${tool} on PATH. Install the client tools of PostgreSQL ${major} (Debian: the ` +
      `postgresql-client-${major} package, from PostgreSQL's own apt repository when Debian has no ${major}) and run this again, ` +
      `or back up with your database provider's own tooling (managed snapshots, point-in-time recovery).`
    );
  if (client < major)
    return (
      `${tool} on PATH is PostgreSQL ${client}'s; the server is PostgreSQL ${major}, which ${tool} ${client} refuses. ` +
      `Install the client tools of PostgreSQL ${major} or newer (Debian: postgresql-client-${major}) and put them first on PATH, ` +
      `or back up with your database provider's own tooling.`
    );
  return null;
}

export async function dumpExternal(url: string, file: string): Promise<void> {
  const problem = toolProblem("pg_dump", await serverMajor(url));
  if (problem) throw new Error(problem);
  await run("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${url}`]);
}

/** Restores a custom-format dump into the (empty, or `clean`: its objects dropped first) database. */
export async function restoreExternal(url: string, file: string, clean: boolean): Promise<void> {
  const problem = toolProblem("pg_restore", await serverMajor(url));
  if (problem) throw new Error(problem);
  if (!clean) {
    const { rows } = await withClient(url, (c) =>
      c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"),
    );
    if (rows[0]!.n > 0)
      throw new Error(
        "The database of DATABASE_URL has tables: restore into an empty database, or pass --clean to drop its objects first.",
      );
  }
  await run("pg_restore", [
    ...(clean ? ["--clean", "--if-exists"] : []),
    "--no-owner",
    "--single-transaction",
    "--exit-on-error",
    `--dbname=${url}`,
    file,
  ]);
}
