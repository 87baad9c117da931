// `npm run test:e2e`: starts the marketplace exactly as `npm start` does (embedded PostgreSQL in a
// throwaway data directory, migrations, seed, production build) and runs Playwright against it.
// The app's whole output is kept (test-results/app.log) and scanned once it stopped: a secret the
// specs used that appears in it fails the run (scripts/lib/scan-app-log.ts).
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../test/free-port";
import { resolveChromium } from "./lib/chromium";
import { run } from "./lib/run";
import { findSecrets } from "./lib/scan-app-log";

// Checked before anything starts: a missing browser is a one-line error, not a Playwright trace.
const chromium = resolveChromium();
if ("error" in chromium) {
  console.error(chromium.error);
  process.exit(1);
}
console.log(`[e2e] browser: ${chromium.source}`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), "marketplace-e2e-"));
const [pgPort, appPort, demoPort, sandboxPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const baseUrl = `http://localhost:${appPort}`;
// Never the developer's own database: the e2e run always gets a throwaway embedded one.
const { DATABASE_URL: _ownDatabase, NODE_ENV: _nodeEnv, ...inherited } = process.env;
// Rate limits high enough that the whole run, from one address, never trips them by accident.
const highLimits = Object.fromEntries(
  ["SEARCH", "CATALOG", "REVIEWS", "TRPC", "RECOVERY", "WRITES", "WRITES_IP", "AUTH"].flatMap((group) => [
    [`RATE_LIMIT_${group}_PER_MINUTE`, "1000000"],
    [`RATE_LIMIT_${group}_INSTANCE_PER_SECOND`, "1000000"],
  ]),
);
const env: Record<string, string | undefined> = {
  ...inherited,
  ...highLimits,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  PORT: String(appPort),
  BASE_URL: baseUrl,
  OBSERVER_TEST_PORTS: String(demoPort),
  // Its own sandbox port: another run on this machine (or an `npm start`) holding 4020 would answer this
  // run's sandbox offers from its own ledger, where this run's payments do not exist.
  SANDBOX_PORT: String(sandboxPort),
  // The batch-settlement claim job due at every scheduler tick (5 s) instead of every minute, so a spec's
  // vouchers are claimed and settled within seconds (e2e/api/batch-channel.spec.ts).
  BATCH_CLAIM_INTERVAL_SECONDS: "1",
};

// What `npm start` runs (node itself, no tsx wrapper in between): our SIGTERM reaches start.ts.
// Its output goes to the terminal as before and to the log file (in the data directory while Playwright
// runs: Playwright empties test-results/ when it starts).
const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  env: env as NodeJS.ProcessEnv,
  stdio: ["inherit", "pipe", "pipe"],
});
const appLogPath = path.join(dataDir, "app.log");
const appLog = createWriteStream(appLogPath);
server.stdout!.on("data", (d: Buffer) => (process.stdout.write(d), appLog.write(d)));
server.stderr!.on("data", (d: Buffer) => (process.stderr.write(d), appLog.write(d)));
const exited = new Promise<number>((resolve) => server.on("exit", (code) => resolve(code ?? 1)));
const outputClosed = new Promise<void>((resolve) => server.on("close", () => resolve()));
const KEPT_LOG = path.resolve("test-results/app.log");

/** Keeps the app's log in test-results/ and fails the run if a secret appears in it. */
async function scanAppLog(): Promise<boolean> {
  await new Promise<void>((resolve) => appLog.end(resolve));
  await mkdir(path.dirname(KEPT_LOG), { recursive: true });
  await copyFile(appLogPath, KEPT_LOG);
  const leaks = findSecrets(await readFile(KEPT_LOG, "utf8"));
  if (leaks.length === 0) {
    console.log(`[e2e] no secret in the app's log (${path.relative(process.cwd(), KEPT_LOG)})`);
    return true;
  }
  console.error(`[e2e] secrets in the app's log (${path.relative(process.cwd(), KEPT_LOG)}):`);
  for (const leak of leaks.slice(0, 50)) console.error(`  line ${leak.line}: ${leak.shape} (${leak.hint})`);
  return false;
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("The marketplace exited before it was ready.");
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("The marketplace did not become ready in time.");
}

// `npm run provider:demo` beside the app, as a person would run it (it attaches to the app's embedded
// PostgreSQL and registers local-demo-provider), for the offline observer path. In its own process
// group: without DATABASE_URL it runs its work in a child, and a group SIGINT is what Ctrl-C sends.
async function startDemoProvider(port: number): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/provider-demo.ts", "--port", String(port)], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ctrl-C stops the provider.")) resolve();
    });
    child.on("exit", (c) => reject(new Error(`npm run provider:demo exited (${c}) before it was ready:\n${out}`)));
    setTimeout(
      () => reject(new Error(`npm run provider:demo was not ready after 5 minutes:\n${out}`)),
      5 * 60_000,
    ).unref();
  }).catch(async (err: unknown) => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    throw err;
  });
  console.log(`[e2e] demo provider on 127.0.0.1:${port}`);
  return {
    async stop() {
      try {
        process.kill(-child.pid!, "SIGINT");
      } catch {
        return; // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    },
  };
}

let code = 1;
let demo: { stop: () => Promise<void> } | undefined;
try {
  await waitForHealth(Date.now() + 10 * 60_000);
  demo = await startDemoProvider(demoPort);
  // E2E_DATA_DIR lets a spec run a command beside the app (npm run operator:create, token:create),
  // which attaches to the running embedded PostgreSQL of that directory.
  await run(path.resolve("node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_DATA_DIR: dataDir,
  });
  code = 0;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
} finally {
  await demo?.stop();
  server.kill("SIGTERM");
  await Promise.race([exited.then(() => outputClosed), new Promise((r) => setTimeout(r, 20_000))]);
  if (!(await scanAppLog().catch((err: unknown) => (console.error("[e2e] cannot scan the app's log:", err), false))))
    code = 1;
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(code);
