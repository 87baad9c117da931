// Pages when the database is away, on a second server of the same build with its own embedded
// PostgreSQL (the main e2e server and its database are left alone). First the database answers
// but has no tables (every page load fails while rendering), then it is stopped.
// A canary on port 80 catches the old defect: server rendering fetching http://localhost/api/trpc.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startEmbeddedPostgres, type EmbeddedCluster } from "../../scripts/lib/embedded-postgres";
import { freePort } from "../../test/free-port";

const DATA_PAGES = [
  "/",
  "/services",
  "/services?q=weather",
  "/services/some-service",
  "/reviews/00000000-0000-4000-8000-000000000000",
];
// Pages of signed-in people: without a session cookie they redirect to sign-in with no database
// trip, so only a stopped database (the proxy's gate) makes them 503.
const PERSON_PAGES = ["/account", "/operator", "/operator/moderation"];

test.describe.configure({ mode: "serial" });

let dir: string;
let cluster: EmbeddedCluster | undefined;
let server: ChildProcess | undefined;
let base: string;
const canary = { listening: [] as string[], connections: 0, servers: [] as net.Server[] };

async function listenCanary(host: string) {
  const srv = net.createServer((socket) => {
    canary.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => {
    srv.once("error", () => resolve()); // port 80 taken or not permitted: that canary is absent
    srv.listen(80, host, () => {
      canary.listening.push(host);
      canary.servers.push(srv);
      resolve();
    });
  });
}

async function waitUntilServing(url: string, deadline: number) {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error("the second server exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await listenCanary("127.0.0.1");
  await listenCanary("::1");
  dir = await mkdtemp(path.join(os.tmpdir(), "marketplace-e2e-db-away-"));
  cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, "postgres"), port: await freePort(), quiet: true });
  await cluster.ensureDatabase("no_tables");
  const port = await freePort();
  base = `http://localhost:${port}`;
  const { DATABASE_URL: _main, ...inherited } = process.env;
  server = spawn(path.resolve("node_modules/.bin/next"), ["start", "-p", String(port)], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: base,
      DATABASE_URL: cluster.urlFor("no_tables"),
      LOG_LEVEL: "silent",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: "ignore",
  });
  await waitUntilServing(`${base}/api/ping`, Date.now() + 60_000);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  await cluster?.stop().catch(() => {});
  for (const srv of canary.servers) srv.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    // The document's own 503/500 is reported as a failed resource; anything else is a problem.
    if (
      m.type() === "error" &&
      !/Failed to load resource: the server responded with a status of (500|503)/.test(m.text())
    )
      problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

test("database up, its data unreadable: 'temporarily unavailable', never 404, never a fetch over HTTP", async ({
  page,
  request,
}) => {
  for (const p of DATA_PAGES) {
    const started = Date.now();
    const res = await request.get(base + p);
    const ms = Date.now() - started;
    // Next.js answers a page that failed while rendering with 500 (it has no 503 for that).
    expect(res.status(), p).toBe(500);
    expect(ms, `${p} took ${ms} ms`).toBeLessThan(3000);
  }
  const problems = collectProblems(page);
  await page.goto(`${base}/services/some-service`);
  await expect(page.getByRole("heading", { name: "Temporarily unavailable" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Service not found" })).toHaveCount(0);
  // The site's header stays: the error is shown inside the site's layout.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(problems.filter((m) => /Content Security Policy|Refused to/.test(m))).toEqual([]);
  expect(canary.connections, `canary listening on ${canary.listening.join(", ") || "nothing"}`).toBe(0);
});

test("database stopped: every data page answers 503 'temporarily unavailable' at once; /docs still renders", async ({
  page,
  request,
}) => {
  await cluster!.stop();
  cluster = undefined;
  for (const p of [...DATA_PAGES, ...PERSON_PAGES]) {
    const started = Date.now();
    const res = await request.get(base + p);
    const ms = Date.now() - started;
    expect(res.status(), p).toBe(503);
    expect(ms, `${p} took ${ms} ms`).toBeLessThan(1500);
    expect(res.headers()["retry-after"]).toBe("5");
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(await res.text()).toContain("<h1>Temporarily unavailable</h1>");
  }
  const problems = collectProblems(page);
  const res = await page.goto(`${base}/services/some-service`);
  expect(res!.status()).toBe(503);
  await expect(page.getByRole("heading", { name: "Temporarily unavailable" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/services/some-service");
  expect(problems).toEqual([]);
  // /docs reads no data; from it, a client-side navigation to a data page lands on the 503 page.
  const docs = await page.goto(`${base}/docs`);
  expect(docs!.status()).toBe(200);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse services" }).click();
  await expect(page.getByRole("heading", { name: "Temporarily unavailable" })).toBeVisible();
  await expect(page).toHaveURL(`${base}/services`);
  expect(canary.connections, `canary listening on ${canary.listening.join(", ") || "nothing"}`).toBe(0);
});
