// `npm run bench:observe`: what the observer route adds to a call. It starts a throwaway embedded
// PostgreSQL (migrated, one service, one offer, one token), a loopback provider in its own process
// (GET /quote: a small constant JSON), and the observer in its own process: the route's handlers
// behind a bare node:http server (test/observe/observer-server.ts) — not the Next.js app, so the
// figures are the observer's own cost (token SELECT, rate-limit count, claim INSERT, provider call,
// record UPDATE), not the framework's per-request overhead, which every route pays alike and
// bench:purchase measures (its /api/ping ceiling). Rate limiting stays on (a high limit), so its
// statement is measured too. Then, in BENCH_ROUNDS interleaved rounds (medians reported):
//   direct    GET the provider itself
//   observer  GET through the observer, a new Idempotency-Key per request (claim, call, record)
//   replay    the same completed call again and again (the recorded answer, no provider call)
// each for throughput (autocannon, BENCH_CONNECTIONS connections, BENCH_ROUND_DURATION s) and for
// latency without queueing (BENCH_LATENCY_REQUESTS sequential requests, microsecond timer).
// BENCH_PROVIDER_DELAY_MS (default 0) makes the provider answer after that many ms, like a provider
// that does work or sits across a network: the ratios then say what the observer costs a real call.
// Targets (reported, not enforced): added p50 <= 3 ms, observer >= 0.6x direct req/s, replay >= 0.8x.
// The exit code is 1 when an answer had another status than expected (200).
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { freePort } from "../test/free-port";
import { positiveInt } from "./bench/positive-int";
import { migrateDatabase } from "./lib/database";
import { startEmbeddedPostgres, withClient } from "./lib/embedded-postgres";

// --provider: this process is the loopback provider (its own process, so its CPU is its own).
if (process.argv.includes("--provider")) {
  const body = JSON.stringify({
    ok: true,
    product: "quote",
    result: { symbol: "ACME", price: "101.25", currency: "USD" },
  });
  const delayMs = Number(process.env.BENCH_PROVIDER_DELAY_MS ?? "0");
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const answer = () => {
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(body);
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, "127.0.0.1", () =>
    console.log(`listening ${(server.address() as import("node:net").AddressInfo).port}`),
  );
} else {
  await main();
}

async function main() {
  const ROUNDS = positiveInt("BENCH_ROUNDS", 3);
  const ROUND_DURATION = positiveInt("BENCH_ROUND_DURATION", 5);
  const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 10);
  const LATENCY_REQUESTS = positiveInt("BENCH_LATENCY_REQUESTS", 1000);
  const TARGETS = { addedP50Ms: 3, observer: 0.6, replay: 0.8 };
  const log = (m: string) => console.log(`[bench] ${m}`);

  interface CannonResult {
    latency: { p50: number; p99: number };
    requests: { average: number };
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface CannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: CannonRequest) => CannonRequest;
  }
  type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, result: CannonResult) => void) => unknown;
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const cannon = (opts: Record<string, unknown>) =>
    new Promise<CannonResult>((resolve, reject) =>
      autocannon({ timeout: 10, ...opts }, (err, r) => (err ? reject(err) : resolve(r))),
    );

  const children: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "observe-bench-"));
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "pg"),
    port: await freePort(),
    quiet: true,
  });
  let failed = false;
  const cleanup = async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }); // PostgreSQL may still be flushing its WAL while it stops
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => void cleanup().then(() => process.exit(130)));

  try {
    await cluster.ensureDatabase("bench");
    const databaseUrl = cluster.urlFor("bench");
    await migrateDatabase(databaseUrl, true);

    const startChild = (args: string[], env: NodeJS.ProcessEnv) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", ...args], {
          env,
          stdio: ["ignore", "pipe", "inherit"],
        });
        children.push(child);
        let out = "";
        child.stdout!.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /listening (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code})`)));
      });
    const providerPort = await startChild(["scripts/bench-observe.ts", "--provider"], process.env);
    const provider = `http://127.0.0.1:${providerPort}`;

    // One service, one offer at the provider (test mode: loopback, local facilitator), and one token
    // stored as server/accounts/marketplace-tokens.ts stores them (its SHA-256).
    const token = `apmt_${randomBytes(32).toString("base64url")}`;
    await withClient(databaseUrl, async (c) => {
      await c.query(
        `INSERT INTO services (id, source_id, slug, name, website, service_url, hostname, description, docs_url, capabilities, primary_capability, tags,
           entity_slug, entity_name, entity_website, catalog_source, catalog_observed_at, updated_at)
         VALUES ('bench-svc', 'bench', 'bench-svc', 'Bench provider', $1, $1, '127.0.0.1', 'bench', $1, '{web-data}', 'web-data', '{}', 'bench', 'Bench', $1, $1, now(), now())`,
        [provider],
      );
      await c.query(
        `INSERT INTO offers (id, service_id, method, path, provider_url, description, price_atomic, docs_url, test_mode)
         VALUES ('bench-offer', 'bench-svc', 'GET', '/quote', $1, 'bench quote', 1000, $1, true)`,
        [provider],
      );
      await c.query(
        `INSERT INTO marketplace_tokens (id, name, prefix, token_hash) VALUES (gen_random_uuid(), 'bench', $1, $2)`,
        [token.slice(0, 11), createHash("sha256").update(token).digest("hex")],
      );
    });

    const observerPort = await startChild(["test/observe/observer-server.ts"], {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      RATE_LIMIT_OBSERVE_PER_MINUTE: "1000000",
      RATE_LIMIT_OBSERVE_INSTANCE_PER_SECOND: "1000000",
    });
    const observerPath = "/api/x402/observe/bench-offer";
    const observer = `http://127.0.0.1:${observerPort}`;
    const tokenHeaders = { "x-marketplace-token": token };

    // One completed call to replay.
    const replayKey = `bench-replay-${randomUUID()}`;
    const first = await fetch(`${observer}${observerPath}`, {
      headers: { ...tokenHeaders, "idempotency-key": replayKey },
    });
    if (first.status !== 200) throw new Error(`the observer answered ${first.status}: ${await first.text()}`);
    await first.arrayBuffer();

    const phases = {
      direct: { url: `${provider}/quote`, headers: {} as Record<string, string>, unique: false },
      observer: { url: `${observer}${observerPath}`, headers: tokenHeaders, unique: true },
      replay: {
        url: `${observer}${observerPath}`,
        headers: { ...tokenHeaders, "idempotency-key": replayKey },
        unique: false,
      },
    };
    type Phase = keyof typeof phases;
    let n = 0;
    const keyed = (req: CannonRequest): CannonRequest => ({
      ...req,
      headers: { ...req.headers, "idempotency-key": `bench-${process.pid}-${++n}-${randomUUID()}` },
    });

    async function throughput(phase: Phase): Promise<{ rps: number; p50: number; p99: number }> {
      const p = phases[phase];
      const r = await cannon({
        url: p.url,
        connections: CONNECTIONS,
        duration: ROUND_DURATION,
        headers: p.headers,
        requests: p.unique ? [{ method: "GET", setupRequest: keyed }] : undefined,
      });
      const bad = Object.entries(r.statusCodeStats).filter(([code]) => code !== "200");
      if (bad.length > 0 || r.errors > 0 || r.timeouts > 0) {
        failed = true;
        log(
          `${phase}: unexpected answers ${JSON.stringify(r.statusCodeStats)}, errors ${r.errors}, timeouts ${r.timeouts}`,
        );
      }
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
    }

    // Sequential requests on one keep-alive connection: a call's own latency, without queueing.
    async function latency(phase: Phase): Promise<{ p50: number; p99: number }> {
      const p = phases[phase];
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const times: number[] = [];
      try {
        for (let i = 0; i < LATENCY_REQUESTS; i++) {
          const headers = p.unique ? { ...p.headers, "idempotency-key": `bench-lat-${process.pid}-${++n}` } : p.headers;
          const started = performance.now();
          const status = await new Promise<number>((resolve, reject) => {
            http
              .get(p.url, { agent, headers }, (res) => {
                res.resume();
                res.on("end", () => resolve(res.statusCode ?? 0));
              })
              .on("error", reject);
          });
          times.push(performance.now() - started);
          if (status !== 200) {
            failed = true;
            throw new Error(`${phase}: answered ${status}`);
          }
        }
      } finally {
        agent.destroy();
      }
      times.sort((x, y) => x - y);
      return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]! };
    }

    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    log(
      `load before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (${os.cpus().length} CPUs)`,
    );
    log("warm-up");
    for (const phase of Object.keys(phases) as Phase[])
      await cannon({
        url: phases[phase].url,
        connections: CONNECTIONS,
        duration: 2,
        headers: phases[phase].headers,
        requests: phases[phase].unique ? [{ method: "GET", setupRequest: keyed }] : undefined,
      });

    const rounds: Record<Phase, { rps: number; p50: number; p99: number; latP50: number; latP99: number }[]> = {
      direct: [],
      observer: [],
      replay: [],
    };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const phase of Object.keys(phases) as Phase[]) {
        const t = await throughput(phase);
        const l = await latency(phase);
        rounds[phase].push({ ...t, latP50: l.p50, latP99: l.p99 });
        log(
          `round ${round} ${phase.padEnd(8)} ${t.rps.toFixed(0).padStart(6)} req/s  p50 ${t.p50} ms p99 ${t.p99} ms (${CONNECTIONS} conn) | 1 conn p50 ${l.p50.toFixed(3)} ms p99 ${l.p99.toFixed(3)} ms`,
        );
      }
    }
    const m = (phase: Phase, field: "rps" | "p50" | "p99" | "latP50" | "latP99") =>
      median(rounds[phase].map((r) => r[field]));
    const ratio = (phase: Phase) => median(rounds[phase].map((r, i) => r.rps / rounds.direct[i]!.rps));
    const added = median(rounds.observer.map((r, i) => r.latP50 - rounds.direct[i]!.latP50));
    const addedReplay = median(rounds.replay.map((r, i) => r.latP50 - rounds.direct[i]!.latP50));
    console.log("");
    console.log(`provider answers after ${process.env.BENCH_PROVIDER_DELAY_MS ?? "0"} ms (BENCH_PROVIDER_DELAY_MS)`);
    console.log(
      `observer bench: medians of ${ROUNDS} rounds; ${CONNECTIONS} connections x ${ROUND_DURATION} s for req/s; ${LATENCY_REQUESTS} sequential requests for latency`,
    );
    console.log("phase     req/s   p50 ms  p99 ms  | 1-conn p50 ms  p99 ms");
    for (const phase of Object.keys(phases) as Phase[]) {
      console.log(
        `${phase.padEnd(8)} ${m(phase, "rps").toFixed(0).padStart(6)}  ${String(m(phase, "p50")).padStart(6)}  ${String(m(phase, "p99")).padStart(6)}  | ${m(phase, "latP50").toFixed(3).padStart(12)}  ${m(phase, "latP99").toFixed(3).padStart(6)}`,
      );
    }
    const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
    console.log(
      `added p50 (observer - direct, 1 connection): ${added.toFixed(3)} ms (target <= ${TARGETS.addedP50Ms} ms: ${verdict(added <= TARGETS.addedP50Ms)}); replay adds ${addedReplay.toFixed(3)} ms`,
    );
    console.log(
      `observer throughput: ${ratio("observer").toFixed(2)}x direct (target >= ${TARGETS.observer}: ${verdict(ratio("observer") >= TARGETS.observer)})`,
    );
    console.log(
      `replay throughput:   ${ratio("replay").toFixed(2)}x direct (target >= ${TARGETS.replay}: ${verdict(ratio("replay") >= TARGETS.replay)})`,
    );
    log(
      `load after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}
