// `npm run bench:search`: throughput of the free search (GET /api/catalog/search?q=…) on the seeded
// catalog. It starts the marketplace like `npm start` (a throwaway embedded PostgreSQL, migrated and
// seeded; builds first if sources changed), rate limits off (they would answer 429 long before the
// engine is the limit), then, in BENCH_ROUNDS (3) rounds of at most BENCH_DURATION (10) seconds,
// BENCH_CONNECTIONS (50) connections send queries drawn from the labelled outcomes (word windows of
// them, the held-out part left out), none repeated within the whole bench, so every request pays its
// query embedding: the query cache is not what is measured. It prints each round's req/s, latency and
// CPU per search (the app's processes and PostgreSQL, from /proc), their medians, and the server's
// query-cache counters (from its log: they are in no API).
// BENCH_PROFILE=1 adds the profile mode (scripts/bench/search-profile.ts): the first round runs with
// the server's main thread under the V8 profiler (its middle, not the first and last second) and
// PostgreSQL's statement statistics on; it prints that thread's busy time by component per search and
// every statement per search. The profiler costs that round some throughput: judge rates on the others.
// Target (reported, not enforced): >= 150 req/s with p99 <= 300 ms. Loopback only.
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { healthy, loadLine, startBenchMarketplace } from "./bench/bench-marketplace";
import { findDescendant } from "./bench/pin-cpus";
import { positiveInt } from "./bench/positive-int";
import { oneLine, statementsDuring } from "./bench/purchase-profile";
import { median } from "./bench/ratio-stats";
import { reportSearchProfile } from "./bench/search-profile";
import { cpuPer, treeCpu, type TreeCpu } from "./bench/tree-cpu";
import { EVAL_QUERIES } from "./eval-shortlist/labels/queries";

const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 50);
const DURATION = positiveInt("BENCH_DURATION", 10);
const ROUNDS = positiveInt("BENCH_ROUNDS", 3);
const PROFILE = process.env.BENCH_PROFILE === "1";
const PROFILE_DIR = PROFILE ? await mkdtemp(path.join(os.tmpdir(), "bench-search-profile-")) : undefined;
const TARGET_RPS = 150;
const TARGET_P99_MS = 300;
const log = (m: string) => console.log(`[bench] ${m}`);

/** Distinct queries: every window of 4 to 12 consecutive words of every labelled outcome, shuffled. */
function searchQueries(): string[] {
  const out = new Set<string>();
  for (const q of EVAL_QUERIES) {
    if (q.split === "heldout") continue;
    const words = q.request.outcome.split(/\s+/).filter(Boolean);
    for (let len = 4; len <= 12; len++)
      for (let at = 0; at + len <= words.length; at++)
        out.add(
          words
            .slice(at, at + len)
            .join(" ")
            .slice(0, 400),
        );
  }
  const list = [...out];
  let seed = 12;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface CannonRequest {
  path?: string;
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, r: CannonResult) => void) => { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const queries = searchQueries();
// The profile mode adds PostgreSQL's statement statistics and the CPU-profile preload (SIGUSR2 starts
// and stops the V8 profiler in the process that gets it: scripts/bench/cpu-profile-preload.mjs).
const profiling: Record<string, string> = PROFILE_DIR
  ? {
      EMBEDDED_PG_STATEMENT_STATS: "1",
      BENCH_PROFILE_DIR: PROFILE_DIR,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ""} --import ${pathToFileURL(path.resolve("scripts/bench/cpu-profile-preload.mjs")).href}`.trim(),
    }
  : {};
const marketplace = await startBenchMarketplace({
  name: "search",
  log,
  env: { RATE_LIMIT_ENABLED: "false", LOG_LEVEL: "info", ...profiling },
  stdout: "pipe",
});
const { baseUrl, server } = marketplace;
let cacheLine: { hits: number; misses: number; size: number } | undefined;
let pending = "";
server.stdout!.on("data", (chunk: Buffer) => {
  pending += chunk.toString("utf8");
  const lines = pending.split("\n");
  pending = lines.pop()!;
  for (const line of lines) {
    if (line.includes("queryEmbeddingCache")) {
      try {
        cacheLine = (JSON.parse(line) as { queryEmbeddingCache: typeof cacheLine }).queryEmbeddingCache;
      } catch {
        // not a JSON log line
      }
    } else if (line.startsWith("[marketplace]")) {
      console.log(line);
    }
  }
});

interface Round {
  result: CannonResult;
  sent: number;
  cpu?: TreeCpu;
}

let next = 0;
/** One round: CONNECTIONS connections for at most DURATION s, each request the next unused query. */
async function round(onStart?: () => void): Promise<Round> {
  const first = next;
  const before = treeCpu(server.pid!);
  onStart?.();
  const result = await new Promise<CannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        amount: Math.max(queries.length - first, CONNECTIONS),
        timeout: 10,
        requests: [
          {
            method: "GET",
            setupRequest: (req: CannonRequest) => ({
              ...req,
              path: `/api/catalog/search?q=${encodeURIComponent(queries[next++ % queries.length]!)}&limit=10`,
            }),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    setTimeout(() => instance.stop(), DURATION * 1000).unref();
  });
  const cpu = cpuPer(before, treeCpu(server.pid!), result.requests.total);
  return { result, sent: next - first, cpu };
}

const rate = (r: Round) => r.result.requests.average;
function roundLine(label: string, r: Round): string {
  const { latency, errors, timeouts, non2xx } = r.result;
  const cpu = r.cpu ? `; CPU per search: app ${r.cpu.app.toFixed(1)} ms, PostgreSQL ${r.cpu.db.toFixed(1)} ms` : "";
  const bad = errors || timeouts || non2xx ? ` (errors ${errors}, timeouts ${timeouts}, non-2xx ${non2xx})` : "";
  return `  ${label}: ${rate(r).toFixed(1)} req/s; latency p50 ${latency.p50} ms, p97.5 ${latency.p97_5} ms, p99 ${latency.p99} ms${cpu}${bad}`;
}

/** The first round under the profiler, with the statements PostgreSQL ran meanwhile. */
async function profiledRound(db: pg.Client): Promise<Round> {
  const appServer = findDescendant(server.pid!, "next-server");
  if (!appServer) throw new Error("the Next.js server process was not found: nothing to profile");
  const toggle = (atS: number) => setTimeout(() => process.kill(appServer, "SIGUSR2"), atS * 1000);
  let measured: Round | undefined;
  const statements = await statementsDuring(db, async () => {
    measured = await round(() => {
      toggle(1);
      toggle(DURATION - 1);
    });
  });
  const r = measured!;
  await new Promise((done) => setTimeout(done, 1500)); // the profile is written a moment after the signal
  const profiled = Math.round(r.result.requests.total * ((DURATION - 2) / DURATION));
  await reportSearchProfile(PROFILE_DIR!, profiled, r.cpu);
  const n = Math.max(r.result.requests.total, 1);
  const calls = statements.reduce((sum, s) => sum + s.calls, 0);
  const execMs = statements.reduce((sum, s) => sum + s.totalMs, 0);
  console.log(
    `\nStatements PostgreSQL ran meanwhile: ${(calls / n).toFixed(2)} per search, ${(execMs / n).toFixed(2)} ms of execution per search (pg_stat_statements; background work too):`,
  );
  console.log(`${"per search".padStart(10)} ${"mean ms".padStart(8)}  statement`);
  for (const s of statements.filter((x) => x.calls / n >= 0.02))
    console.log(
      `${(s.calls / n).toFixed(2).padStart(10)} ${(s.totalMs / s.calls).toFixed(3).padStart(8)}  ${oneLine(s.query, 110)}`,
    );
  console.log(roundLine("profiled round (profiler on)", r));
  return r;
}

let exitCode = 1;
let db: pg.Client | undefined;
try {
  await healthy(marketplace);
  log("marketplace is up; warming up with 20 queries outside the measured set");
  for (let i = 0; i < 20; i++) {
    const r = await fetch(`${baseUrl}/api/catalog/search?q=${encodeURIComponent(`warm up search number ${i}`)}`);
    if (r.status !== 200) throw new Error(`warm-up search answered ${r.status}`);
  }
  await new Promise((r) => setTimeout(r, 6000)); // let the cache counters reach the log
  const before = cacheLine ?? { hits: 0, misses: 0, size: 0 };
  log(`${queries.length} distinct queries; ${ROUNDS} rounds of ${CONNECTIONS} connections for at most ${DURATION} s`);
  log(loadLine("before"));
  const rounds: Round[] = [];
  if (PROFILE) {
    db = new pg.Client({ connectionString: marketplace.databaseUrl });
    await db.connect();
    rounds.push(await profiledRound(db));
  }
  while (rounds.length < ROUNDS) {
    const r = await round();
    rounds.push(r);
    console.log(roundLine(`round ${rounds.length}`, r));
  }
  log(loadLine("after"));
  await new Promise((r) => setTimeout(r, 6000));
  const after = cacheLine ?? before;
  // The profiled round is left out of the medians when there are others.
  const counted = PROFILE && rounds.length > 1 ? rounds.slice(1) : rounds;
  const med = (f: (r: Round) => number | undefined) => {
    const xs = counted.map(f).filter((x): x is number => x !== undefined);
    return xs.length ? median(xs) : NaN;
  };
  const sent = Math.min(next, queries.length);
  const rps = med(rate);
  const p99 = med((r) => r.result.latency.p99);
  console.log(
    `\nFree search, seeded catalog, ${CONNECTIONS} connections, ${sent} requests with distinct queries; medians of ${counted.length} round${counted.length > 1 ? "s" : ""} of ${DURATION} s:`,
  );
  console.log(
    `  ${rps.toFixed(1)} req/s (target >= ${TARGET_RPS}); latency p50 ${med((r) => r.result.latency.p50)} ms, p97.5 ${med((r) => r.result.latency.p97_5)} ms, p99 ${p99} ms (target <= ${TARGET_P99_MS} ms)  ${rps >= TARGET_RPS && p99 <= TARGET_P99_MS ? "met" : "MISSED"}`,
  );
  console.log(
    `  CPU per search: app ${med((r) => r.cpu?.app).toFixed(1)} ms, PostgreSQL ${med((r) => r.cpu?.db).toFixed(1)} ms on ${os.cpus().length} cores`,
  );
  const errors = rounds.reduce((n, r) => n + r.result.errors + r.result.timeouts + r.result.non2xx, 0);
  console.log(`  errors, timeouts and non-2xx answers over all rounds: ${errors}`);
  console.log(
    `  server query cache during the runs: ${after.hits - before.hits} hits, ${after.misses - before.misses} misses (size ${after.size})`,
  );
  if (next > queries.length)
    console.log(`  note: the runs outlasted the query set; ${next - queries.length} queries were repeats`);
  exitCode = errors ? 1 : 0;
} finally {
  await db?.end().catch(() => undefined);
  await marketplace.stop();
}
process.exit(exitCode);
