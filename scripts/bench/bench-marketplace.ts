// A benchmark's own marketplace, started as `npm start` starts it (node itself with tsx's loader, no
// tsx wrapper in between, as scripts/e2e.ts does): a throwaway data directory, the embedded
// PostgreSQL and the app on free ports, the production build (built first if sources changed).
// Stopping it waits for the app's shutdown, so PostgreSQL's shutdown checkpoint flushes what the
// bench wrote before the data directory goes. (Once PostgreSQL outlived the removal of its data
// directory: a bench started the marketplace with the tsx command, whose wrapper SIGKILLed start.ts
// mid-shutdown; scripts/lib/take-over-signals.ts.)
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../test/free-port";
import { EMBEDDED_DATABASE } from "../lib/resolve-database";

export interface BenchMarketplace {
  baseUrl: string;
  dataDir: string;
  /** The embedded database, for the bench's own reads and set-up. */
  databaseUrl: string;
  server: ChildProcess;
  /** Polls `check` every 500 ms until it is true; throws when the app exits first or after `ms`. */
  waitFor(check: () => Promise<boolean>, what: string, ms: number): Promise<void>;
  /** Stops the app (once, whoever calls first) and removes the data directory. */
  stop(): Promise<void>;
}

// Settings that would point the bench's marketplace at the caller's database or a real network.
const CALLER_SETTINGS = ["DATABASE_URL", "NODE_ENV", "X402_FACILITATOR_URL", "X402_ENABLED", "X402_PAY_TO"];

export async function startBenchMarketplace(options: {
  name: string;
  log: (message: string) => void;
  /** Added to the environment (after the caller's settings of CALLER_SETTINGS and `unset` are dropped). */
  env?: Record<string, string>;
  unset?: string[];
  /** "pipe" hands the app's standard output to the bench (to read its log lines). */
  stdout?: "inherit" | "pipe";
}): Promise<BenchMarketplace> {
  const { log } = options;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `marketplace-bench-${options.name}-`));
  const [pgPort, appPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of [...CALLER_SETTINGS, ...(options.unset ?? [])]) delete env[key];
  log(
    `starting the marketplace (data ${dataDir}, PostgreSQL :${pgPort}, app :${appPort}); builds first if sources changed`,
  );
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(appPort),
      BASE_URL: baseUrl,
      ...options.env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", options.stdout ?? "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (server.exitCode === null && server.signalCode === null) {
        log("stopping the marketplace");
        server.kill("SIGTERM");
        const done = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 120_000).unref()),
        ]);
        if (!done) log(`the marketplace did not stop within 120 s; removing ${dataDir} anyway`);
      }
      // PostgreSQL may still be flushing its WAL while it stops.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => void stop().then(() => process.exit(130)));

  async function waitFor(check: () => Promise<boolean>, what: string, ms: number) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error("The marketplace exited before it was ready.");
      if (await check().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${what} did not happen in time.`);
  }
  const databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/${EMBEDDED_DATABASE}`;
  return { baseUrl, dataDir, databaseUrl, server, waitFor, stop };
}

/** Ready: /api/health answers 200 (the first start builds the app: up to 15 minutes). */
export const healthy = (m: BenchMarketplace, ms = 15 * 60_000) =>
  m.waitFor(async () => (await fetch(`${m.baseUrl}/api/health`)).ok, "The marketplace start", ms);

/** "load after: 1.02 0.88 0.61", the machine's load averages, to show a bench ran on a quiet machine. */
export const loadLine = (when: string) =>
  `load ${when}: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
