// `npm start`: the marketplace from a fresh clone. Without DATABASE_URL it runs an embedded
// PostgreSQL in DATA_DIR/postgres; then it applies migrations, seeds an empty catalog, builds
// when needed and serves Next.js on PORT. `--dev` serves `next dev` instead of a production build.
//
// Under a supervisor (systemd, a container runtime) this process is the service:
// - SIGINT, SIGTERM or SIGHUP stops the app, then the database, and exits 0. package.json runs
//   it with `exec`, so npm's own signal forwarding reaches this process (through `sh -c` the
//   signal stopped npm and the shell only, leaving the app and PostgreSQL serving).
// - The app dying on its own (crash, SIGKILL, OOM killer) stops the database and exits non-zero,
//   so the supervisor restarts the whole service.
// - The parent (npm) dying stops everything too: nobody would be left to stop us.
import { spawn, type ChildProcess } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { baseUrl, env } from "../server/env";
import { buildNeeded } from "./lib/build-needed";
import { migrateDatabase, prepareCatalog, recordServedBaseUrl } from "./lib/database";
import { loadEmbeddedPostgres, type EmbeddedCluster } from "./lib/embedded-postgres";
import { resolveDatabase } from "./lib/resolve-database";
import { run } from "./lib/run";
import { takeOverSignals } from "./lib/take-over-signals";

const dev = process.argv.includes("--dev");
const nextBin = path.resolve("node_modules/.bin/next");
// Preloaded into the app (and the server `next dev` forks): the TCP peer address for client-address.ts.
const peerAddressHook = path.resolve("server/http/peer-address-hook.mjs");
// Preloaded too: each request's id (X-Request-Id, and `requestId` on its log lines).
const requestIdHook = path.resolve("server/observability/request-id-hook.mjs");
const log = (msg: string) => console.log(`[marketplace] ${msg}`);

// Next.js waits for open keep-alive connections when asked to stop; past this it is killed.
const APP_STOP_GRACE_MS = 10_000;
const PARENT_CHECK_MS = 500;
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

const startUp = new AbortController();
let database: Promise<{ url: string; cluster?: EmbeddedCluster }> | undefined;
let app: ChildProcess | undefined;
let stopping = false;

// A child killed by a signal has exitCode null but has exited all the same.
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

// The app runs in its own process group: `next dev` serves from a forked child, which outlived
// its parent when only the parent was signalled (and kept the port after a crash).
function signalApp(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (running(child)) {
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    signalApp(child, "SIGTERM");
    const timer = new Promise<boolean>((r) => setTimeout(() => r(false), APP_STOP_GRACE_MS).unref());
    if (!(await Promise.race([exited.then(() => true), timer]))) {
      signalApp(child, "SIGKILL");
      await exited;
    }
  }
  signalApp(child, "SIGKILL"); // whatever of the app outlived its first process
}

async function shutdown(code: number, why: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`stopping: ${why}`);
  startUp.abort(); // a migration or build under way
  // Never stop PostgreSQL under a live server.
  if (app) await stopApp(app);
  // A database still starting is stopped once it is up, not left running behind us.
  const cluster = await database?.then((d) => d.cluster).catch(() => undefined);
  if (cluster) {
    log("stopping PostgreSQL");
    await cluster.stop().catch((err: unknown) => console.error("stopping PostgreSQL failed:", err));
  }
  process.exit(code);
}

// embedded-postgres registers async-exit-hook when loaded, which on these signals stops PostgreSQL at
// once (under a live server) and exits 128+n on its own; the order above is ours to keep. So load it
// first, then take the signals over. (Its exit hook is replaced in lib/embedded-postgres.ts by a
// synchronous stop request: a crash of this script still asks PostgreSQL to stop.)
await loadEmbeddedPostgres();
takeOverSignals(STOP_SIGNALS, (signal) => void shutdown(0, signal));

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown(1, "the parent process exited");
}, PARENT_CHECK_MS).unref();

function onAppExit(code: number | null, signal: NodeJS.Signals | null): void {
  if (stopping) return;
  // Whatever the app's own code, an exit nobody asked for is a failure to the supervisor.
  const status = signal ? 128 + (constants.signals[signal] ?? 0) : code || 1;
  void shutdown(status, `the app exited (${signal ?? `code ${code}`})`);
}

try {
  database = resolveDatabase(log);
  const databaseUrl = (await database).url;

  log("applying migrations");
  await migrateDatabase(databaseUrl, false, startUp.signal);
  const seed = await prepareCatalog(databaseUrl);
  log(seed.seeded ? `seeded ${seed.services} services and ${seed.reviews} reviews` : "catalog present, not seeding");
  if (seed.embedded) log(`embedded ${seed.embedded} services`);
  await recordServedBaseUrl(databaseUrl, baseUrl);

  const childEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(env.PORT), NEXT_TELEMETRY_DISABLED: "1" };
  if (!dev && !stopping && buildNeeded()) {
    log("building (sources changed or no build yet)");
    await run(nextBin, ["build"], { ...childEnv, NODE_ENV: "production" }, { signal: startUp.signal });
  }
  if (!stopping) {
    log(`serving ${baseUrl}`);
    app = spawn(nextBin, [dev ? "dev" : "start", "-p", String(env.PORT)], {
      stdio: "inherit",
      detached: true,
      env: {
        ...childEnv,
        NODE_ENV: dev ? "development" : "production",
        NODE_OPTIONS: [
          process.env.NODE_OPTIONS,
          `--import ${JSON.stringify(peerAddressHook)}`,
          `--import ${JSON.stringify(requestIdHook)}`,
        ]
          .filter(Boolean)
          .join(" "),
      },
    });
    app.on("exit", onAppExit);
    app.on("error", (err) => void shutdown(1, `the app could not start (${err.message})`));
  }
} catch (err) {
  if (!stopping) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1, "start-up failed");
  }
}
