// `npm run bench:purchase`: HTTP throughput and latency of the paid routes against the ceiling of
// the same app. It starts the marketplace as `npm start` does (throwaway data dir, embedded
// PostgreSQL, production build, free ports), then runs autocannon on loopback:
//   bare     GET /api/ping (constant JSON, no database): the ceiling, run next to each route it is
//            compared with; as POST with a product's example body (the ceiling of that product's
//            unsigned POST) and with the replayed purchase's body and signature
//   402      GET and unsigned POST (with its example body) of every product the marketplace sells
//            (the paid operations of its /openapi.json, which lists every product): the challenge
//   replay   one completed purchase sent again and again with its body and signature
//   control  the bare GET compared with itself, the same way: how far the noise alone moves a ratio
//   paid     fresh purchases, each with its own request_id and EIP-3009 authorization, signed
//            before the run by a few funded agents: search "terms" at N connections and at 1
//            connection (latency without queueing), then "all" at 1 connection (its p95 target)
//            and at N connections for comparison
//   vouchers the same "terms" purchases paid with x402 batch-settlement vouchers at N connections and at
//            1 (scripts/bench/batch-phase.ts): one channel per connection, each opened by a deposit and
//            its vouchers signed in order before the run; printed beside the exact figures with the
//            targets (vouchers >= 250 purchases/s at N, p50 <= 6 ms at 1; exact >= 150/s, p50 <= 10 ms)
//   alongside purchases at 1 connection with no other load, then while BENCH_SEARCH_CONNECTIONS
//            (default 50) connections hammer the free GET /api/catalog/search, first as one client,
//            then spread over BENCH_SEARCH_CLIENTS (default 50) X-Forwarded-For addresses (the server
//            runs with TRUST_PROXY_HOPS=1 and the default rate limits; RATE_LIMIT_ENABLED=false in
//            the caller's environment measures the same without limits), then at the default search
//            cap (server/limits/search-capacity.ts: the rate this machine's instance admits) with
//            distinct queries from enough addresses that no client's own limit binds. Reports paid
//            p50/p99 and purchases/s with and without the load, search req/s with its status counts,
//            and whether paid p99 at the cap stays under 2x its quiet p99 (the target).
// Each comparison (a 402, the replay or the control against the bare route) is one autocannon run
// whose connections switch between the two routes every BENCH_BLOCK_MS, in ABBA order, counting
// each block once the other route's requests have come back (scripts/bench/alternating-throughput.ts),
// in BENCH_ROUNDS passes over all comparisons (each pass in another order), with the app's Next.js
// server pinned to one CPU and autocannon to the others (taskset, when there are two CPUs or more:
// scripts/bench/pin-cpus.ts). A ratio is the route's throughput against the bare route's over all
// blocks, with a 90 % bootstrap interval (resampling whole seconds) and the median of per-second
// ratios beside it (scripts/bench/ratio-stats.ts). The same comparisons are then measured as each request's cost over
// the bare route: BENCH_PAIRS (default 2000) neighbouring requests on one connection, the two routes
// alternating, median difference (scripts/bench/paired-latency.ts), which the noise hardly moves.
// Each paid phase also reports the CPU it cost per answer in the app, PostgreSQL and this process.
// The paid phases buy shortlists (the other products' purchases create orders or need an active placement).
// Targets (reported, not enforced): every product's 402 >= 0.95x bare, replay >= 0.9x bare, paid p50 <= 10 ms (exact; vouchers 6 ms). The
// paid target is judged on the 1-connection phase, a purchase's own latency: with N connections
// kept busy, p50 is about N / throughput (queueing), which the CPU a purchase costs bounds.
// The exit code is 1 when an answer had another status than its phase expects, or the ledger
// disagrees with the answers (one completed purchase and one 0.001 USDC transfer per paid 200).
// BENCH_DURATION (s per paid phase, default 10), BENCH_ROUNDS (passes over the throughput
// comparisons, default 4), BENCH_ROUND_DURATION (s per comparison in a pass, default 12),
// BENCH_BLOCK_MS (ms each route runs before the connections switch, default 50),
// BENCH_CONNECTIONS (default 10), BENCH_WARMUP (s per route before the comparisons and per paid phase, default 2),
// BENCH_PAID_MAX (pre-signed authorizations per paid phase, default 3000), BENCH_PAID_ALL=0
// (skip the "all" phases), BENCH_ALONGSIDE=0 (skip the search-load phase), BENCH_BATCH=0 (skip the
// voucher phases and the profile mode's voucher purchases), BENCH_BATCH_MAX (vouchers per measured
// voucher run, default 6000) adjust it.
// BENCH_PROFILE=1 runs the profile mode instead (scripts/bench/purchase-profile.ts): one purchase
// phase by phase (wall and CPU ms, statements and round trips), paid with an exact authorization and
// with a batch-settlement voucher, then a CPU profile of the server
// at BENCH_CONNECTIONS by component.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import pg from "pg";
import { alternatingThroughput, type BlockRequest, type SideFigures } from "./bench/alternating-throughput";
import { healthy, startBenchMarketplace } from "./bench/bench-marketplace";
import { fundedAgent, type FundedAgent } from "./bench/funded-agent";
import { pairedLatency, type PairedLatency } from "./bench/paired-latency";
import {
  batchPhase,
  profileVouchers,
  reportBatch,
  type BatchPhaseDeps,
  type Figures,
  type CannonRequest,
} from "./bench/batch-phase";
import { findDescendant, pinApart } from "./bench/pin-cpus";
import { positiveInt } from "./bench/positive-int";
import { treeCpu } from "./bench/tree-cpu";
import { profileSequential, reportProfile } from "./bench/purchase-profile";
import { searchInstanceCap } from "../server/limits/search-capacity";
import { bootstrapInterval, median, medianRatio, sumRatio } from "./bench/ratio-stats";
import { OUTCOMES, shortlistBody } from "./bench/shortlist-bodies";

const DURATION = positiveInt("BENCH_DURATION", 10);
// Throughput comparisons run in ROUNDS passes of ROUND_DURATION seconds each, switching routes every
// BLOCK_MS (scripts/bench/alternating-throughput.ts says why). The defaults give each comparison
// 48 s, of which 44 s count (each pass's first second opens the connections): about 220 fours of
// blocks. The bare route against itself then lands within about ±1.5 % (90 % interval).
const ROUNDS = positiveInt("BENCH_ROUNDS", 4);
const ROUND_DURATION = positiveInt("BENCH_ROUND_DURATION", 12);
if (ROUND_DURATION < 2)
  throw new Error("BENCH_ROUND_DURATION must be 2 s or more: each pass's first second is not counted");
const BLOCK_MS = positiveInt("BENCH_BLOCK_MS", 50);
const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 10);
// Neighbouring request pairs per comparison in the paired-latency measurement (scripts/bench/paired-latency.ts).
const PAIRS = positiveInt("BENCH_PAIRS", 2000);
const WARMUP = positiveInt("BENCH_WARMUP", 2);
const PAID_MAX = positiveInt("BENCH_PAID_MAX", 3000);
const PAID_ALL = process.env.BENCH_PAID_ALL !== "0";
// The batch-settlement phases (scripts/bench/batch-phase.ts): vouchers per measured run.
const BATCH = process.env.BENCH_BATCH !== "0";
const BATCH_MAX = positiveInt("BENCH_BATCH_MAX", 6000);
const ALONGSIDE = process.env.BENCH_ALONGSIDE !== "0";
const SEARCH_CONNECTIONS = positiveInt("BENCH_SEARCH_CONNECTIONS", 50);
const SEARCH_CLIENTS = positiveInt("BENCH_SEARCH_CLIENTS", 50);
// The alongside phase's search rate at the default cap, and the paid p99 it may cost.
const SEARCH_CAP = searchInstanceCap();
const ALONGSIDE_P99_FACTOR = 2;
const AGENTS = 4;
// BENCH_PROFILE=1: the profile mode (scripts/bench/purchase-profile.ts) instead of the whole bench;
// BENCH_PROFILE_PURCHASES (default 300) sequential purchases in its phase-by-phase run.
const PROFILE = process.env.BENCH_PROFILE === "1";
const PROFILE_PURCHASES = positiveInt("BENCH_PROFILE_PURCHASES", 300);
const PROFILE_DIR = PROFILE ? await mkdtemp(path.join(os.tmpdir(), "bench-purchase-profile-")) : undefined;
const PRICE_ATOMIC = 1000n; // 0.001 USD

const TARGETS = { challenge: 0.95, replay: 0.9, paidP50Ms: 10, paidAllP95Ms: 60 };
const SHORTLIST = "/api/shop/shortlist";

const log = (m: string) => console.log(`[bench] ${m}`);

// ---- autocannon (no type declarations ship with it; this is the part of its API used here) ----

interface CannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
  timeout?: number;
  /** Requests per second over all connections (autocannon's overallRate). */
  overallRate?: number;
}
interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
  total: number;
}
interface CannonResult {
  latency: Histogram;
  requests: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (opts: CannonOptions, cb: (err: Error | null, result: CannonResult) => void) => { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** One autocannon run; `stopAfterS` bounds runs that use `amount` (autocannon then ignores duration). */
function cannon(opts: CannonOptions, stopAfterS?: number): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
    if (stopAfterS !== undefined) setTimeout(() => instance.stop(), stopAfterS * 1000).unref();
  });
}

// ---- the marketplace under test ------------------------------------------------------------

// This process stands in for a reverse proxy: the search load names its clients in X-Forwarded-For.
// The profile mode adds the phase timings, PostgreSQL's statement statistics and the CPU-profile preload.
const profiling: Record<string, string> = PROFILE_DIR
  ? {
      PURCHASE_TIMING: "1",
      EMBEDDED_PG_STATEMENT_STATS: "1",
      BENCH_PROFILE_DIR: PROFILE_DIR,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ""} --import ${pathToFileURL(path.resolve("scripts/bench/cpu-profile-preload.mjs")).href}`.trim(),
    }
  : {};
const marketplace = await startBenchMarketplace({
  name: "purchase",
  log,
  env: { TRUST_PROXY_HOPS: "1", ...profiling },
});
const { baseUrl, server } = marketplace;

// ---- CPU accounting (Linux /proc): where a phase's time goes -----------------------------------

interface CpuSample {
  app: number; // ms of CPU in the marketplace's Node processes (start.ts, next)
  db: number; // ms of CPU in PostgreSQL processes
  bench: number; // ms of CPU in this process (autocannon, signing)
}

/** CPU used so far by the process tree under `root`, split into PostgreSQL and the rest. */
function cpuSample(root: number): CpuSample | undefined {
  const tree = treeCpu(root);
  if (!tree) return undefined;
  const own = process.cpuUsage();
  return { ...tree, bench: (own.user + own.system) / 1000 };
}

// ---- paying agents ---------------------------------------------------------------------------

interface Signed {
  body: string;
  headers: Record<string, string>;
}

async function presign(
  agents: FundedAgent[],
  paymentRequired: PaymentRequired,
  count: number,
  search: string,
  tag: string,
): Promise<Signed[]> {
  const out: Signed[] = [];
  for (let i = 0; i < count; i++) {
    const body = shortlistBody(i, search, tag);
    const payload = await agents[i % agents.length]!.client.createPaymentPayload(paymentRequired);
    out.push({
      body,
      headers: { "content-type": "application/json", "payment-signature": encodePaymentSignatureHeader(payload) },
    });
  }
  return out;
}

/** autocannon requests that hand every request the next pre-signed purchase. */
function purchaseRequests(signed: Signed[]): CannonRequest[] {
  let next = 0;
  return [
    {
      method: "POST",
      path: SHORTLIST,
      setupRequest: (req) => {
        const s = signed[next++];
        return s ? { ...req, headers: s.headers, body: s.body } : undefined;
      },
    },
  ];
}

// ---- ledger checks ---------------------------------------------------------------------------

interface LedgerCounts {
  completed: number;
  open: number;
  failed: number;
  transfers: number;
  transferredAtomic: bigint;
}

async function ledger(db: pg.Client): Promise<LedgerCounts> {
  const states = await db.query<{ state: string; n: number }>(
    "SELECT state, count(*)::int AS n FROM purchases GROUP BY state",
  );
  const by = Object.fromEntries(states.rows.map((r) => [r.state, r.n]));
  const t = await db.query<{ n: number; sum: string }>(
    "SELECT count(*)::int AS n, coalesce(sum(amount_atomic), 0)::text AS sum FROM local_transfers",
  );
  return {
    completed: by.completed ?? 0,
    failed: by.failed ?? 0,
    open: (by.claimed ?? 0) + (by.settling ?? 0) + (by.settled ?? 0),
    transfers: t.rows[0]!.n,
    transferredAtomic: BigInt(t.rows[0]!.sum),
  };
}

/** The ledger once no purchase is open any more (requests cut at the end of a run finish first). */
async function settledLedger(db: pg.Client): Promise<LedgerCounts> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const counts = await ledger(db);
    if (counts.open === 0 || Date.now() > deadline) return counts;
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---- phases ----------------------------------------------------------------------------------

interface Phase {
  label: string;
  /** The status every answer should have (several: any of them). */
  expected: number | number[];
  result: CannonResult;
  /** CPU ms per answer during the measured run. */
  cpu?: CpuSample;
}
const phases: Phase[] = [];

/** A comparison's measured seconds: each second's req/s of the route and of the bare route. */
interface Pairing {
  bare: number[];
  subject: number[];
}
const pairings = new Map<string, Pairing>();
function pair(key: string, bare: number, subject: number) {
  const p = pairings.get(key) ?? { bare: [], subject: [] };
  p.bare.push(bare);
  p.subject.push(subject);
  pairings.set(key, p);
}

/** A throughput comparison: a route against the bare route sent the same kind of request. */
interface Comparison {
  key: string;
  label: string;
  route: BlockRequest;
  bareLabel: string;
  bare: BlockRequest;
}
/** Each pass of a comparison, for the phase table. */
const tallies = new Map<string, { comparison: Comparison; bare: SideFigures[]; route: SideFigures[] }>();
const paired = new Map<string, PairedLatency>();
const problems: string[] = [];

const rps = (r: CannonResult) => r.requests.total / r.duration;

function unexpected(p: Phase): number {
  const ok = ([] as number[]).concat(p.expected);
  const wrongStatus = Object.entries(p.result.statusCodeStats).reduce(
    (n, [code, s]) => (ok.includes(Number(code)) ? n : n + s.count),
    0,
  );
  return wrongStatus + p.result.errors + p.result.timeouts;
}

/** Runs `measure` and returns its result with the CPU it cost per answer. */
async function withCpu(measure: () => Promise<CannonResult>): Promise<{ result: CannonResult; cpu?: CpuSample }> {
  const before = cpuSample(server.pid!);
  const result = await measure();
  const after = cpuSample(server.pid!);
  const n = result.requests.total;
  if (!before || !after || n === 0) return { result };
  return {
    result,
    cpu: { app: (after.app - before.app) / n, db: (after.db - before.db) / n, bench: (after.bench - before.bench) / n },
  };
}

function record(
  label: string,
  expected: number | number[],
  { result, cpu }: { result: CannonResult; cpu?: CpuSample },
): Phase {
  const phase = { label, expected, result, cpu };
  phases.push(phase);
  const codes = Object.entries(result.statusCodeStats)
    .map(([c, s]) => `${c}×${s.count}`)
    .join(" ");
  log(
    `${label}: ${rps(result).toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${codes || "no answers"}${result.errors ? `, ${result.errors} errors` : ""}${result.timeouts ? `, ${result.timeouts} timeouts` : ""})`,
  );
  if (unexpected(phase) > 0)
    problems.push(
      `${label}: ${unexpected(phase)} answers other than ${String(expected)} (${codes}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  if (result.requests.total === 0) problems.push(`${label}: no answers at all`);
  return phase;
}

type Requests = Omit<CannonOptions, "url" | "connections" | "duration">;

/** Warms a route before the comparisons (they have no warm-up of their own). */
async function warm(label: string, expected: number, opts: Requests): Promise<void> {
  const result = await cannon({ url: baseUrl, connections: CONNECTIONS, duration: WARMUP, ...opts });
  const phase = { label: `${label} (warm-up)`, expected, result };
  if (unexpected(phase) > 0 || result.requests.total === 0)
    problems.push(
      `${phase.label}: ${unexpected(phase)} answers other than ${expected}, ${result.requests.total} in all`,
    );
}

/** One pass of a comparison: its seconds added to the comparison's pairing, its answers tallied. */
async function compare(c: Comparison): Promise<void> {
  const run = await alternatingThroughput(
    (o) => cannon({ url: baseUrl, ...o }),
    CONNECTIONS,
    c.bare,
    c.route,
    ROUND_DURATION,
    BLOCK_MS,
  );
  const t = tallies.get(c.key) ?? { comparison: c, bare: [], route: [] };
  t.bare.push(run.figures.bare);
  t.route.push(run.figures.route);
  tallies.set(c.key, t);
  const wrong = run.figures.bare.unexpected + run.figures.route.unexpected + run.errors;
  if (wrong > 0 || run.bare.length === 0)
    problems.push(
      `${c.key} [pass ${t.bare.length}]: ${wrong} answers other than expected or errors, ${run.bare.length} seconds measured`,
    );
  pairings.set(c.key, pairings.get(c.key) ?? { bare: [], subject: [] });
  run.bare.forEach((bare, i) => pair(c.key, bare, run.subject[i]!));
}

async function paid(
  label: string,
  db: pg.Client,
  agents: FundedAgent[],
  paymentRequired: PaymentRequired,
  search: string,
  connections: number,
): Promise<Phase> {
  // A short warm-up of the same kind, then the measured run; both checked against the ledger.
  for (const [tag, count, seconds, measured] of [
    ["warm", Math.min(200, PAID_MAX), WARMUP, false],
    ["run", PAID_MAX, DURATION, true],
  ] as const) {
    const started = performance.now();
    // A few spares: autocannon builds each connection's first request before the run.
    const signed = await presign(
      agents,
      paymentRequired,
      count + 2 * connections,
      search,
      `${search}-${connections}-${tag}`,
    );
    if (measured)
      log(
        `${label}: pre-signed ${signed.length} authorizations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    const before = await ledger(db);
    const measuredRun = await withCpu(() =>
      cannon({ url: baseUrl, connections, amount: count, requests: purchaseRequests(signed) }, seconds),
    );
    const { result } = measuredRun;
    const after = await settledLedger(db);
    const ok = result.statusCodeStats["200"]?.count ?? 0;
    const completed = after.completed - before.completed;
    const transfers = after.transfers - before.transfers;
    // Stopping the run cuts the requests in flight: the server still completes those (at most one
    // per connection), so the ledger may hold a few more purchases than answers counted.
    const charged = after.transferredAtomic - before.transferredAtomic;
    if (
      completed < ok ||
      completed - ok > connections ||
      transfers !== completed ||
      charged !== BigInt(completed) * PRICE_ATOMIC ||
      after.open > 0
    ) {
      problems.push(
        `${label} (${tag}): ${ok} answers 200, but ${completed} purchases completed, ${transfers} transfers of ${charged} atomic units, ${after.open} purchases still open`,
      );
    }
    if (measured && ok >= count)
      problems.push(`${label}: used all ${count} pre-signed purchases before ${seconds} s; raise BENCH_PAID_MAX`);
    if (measured) return record(label, 200, measuredRun);
  }
  throw new Error("unreachable");
}

// ---- search load alongside purchases -----------------------------------------------------------

/** GET /api/catalog/search requests from `clients` X-Forwarded-For addresses in turn; `distinct`
 * numbers each query, so that none is answered from the query-embedding cache. */
function searchRequests(clients: number, distinct = false): CannonRequest[] {
  let next = 0;
  return [
    {
      method: "GET",
      path: "/api/catalog/search",
      setupRequest: (req) => {
        const i = next++;
        const q = encodeURIComponent(`${OUTCOMES[i % OUTCOMES.length]![0]}${distinct ? ` ${i}` : ""}`);
        return {
          ...req,
          path: `/api/catalog/search?q=${q}&limit=10`,
          headers: { "x-forwarded-for": `198.18.${Math.floor((i % clients) / 250)}.${((i % clients) % 250) + 1}` },
        };
      },
    },
  ];
}

interface Alongside {
  label: string;
  paid: Phase;
  search?: Phase;
  /** Search ran at the default cap's rate. */
  atCap?: boolean;
}

/** Purchases at 1 connection for DURATION s, with `searchClients` clients searching at the same time
 * (none: the baseline), as fast as they can or at `searchRate` per second with distinct queries.
 * Both start together after the authorizations are signed. */
async function paidAlongside(
  db: pg.Client,
  agents: FundedAgent[],
  paymentRequired: PaymentRequired,
  searchClients: number,
  searchRate?: number,
): Promise<Alongside> {
  const label =
    searchClients === 0
      ? "no other load"
      : searchRate
        ? `search at the default cap, ${searchRate}/s, ${searchClients} clients`
        : `${SEARCH_CONNECTIONS} conns searching as ${searchClients} client${searchClients > 1 ? "s" : ""}`;
  const signed = await presign(agents, paymentRequired, PAID_MAX + 2, "terms", `alongside-${searchClients}`);
  const before = await ledger(db);
  const searching = searchClients
    ? cannon({
        url: baseUrl,
        connections: SEARCH_CONNECTIONS,
        duration: DURATION,
        requests: searchRequests(searchClients, searchRate !== undefined),
        overallRate: searchRate,
      })
    : undefined;
  const paidRun = await withCpu(() =>
    cannon({ url: baseUrl, connections: 1, amount: PAID_MAX, requests: purchaseRequests(signed) }, DURATION),
  );
  const searchResult = await searching;
  const after = await settledLedger(db);
  const ok = paidRun.result.statusCodeStats["200"]?.count ?? 0;
  const completed = after.completed - before.completed;
  if (completed < ok || completed - ok > 1 || after.transfers - before.transfers !== completed || after.open > 0) {
    problems.push(
      `alongside (${label}): ${ok} answers 200, but ${completed} purchases completed, ${after.transfers - before.transfers} transfers, ${after.open} still open`,
    );
  }
  const paid = record(`paid, 1 conn, ${label}`, 200, paidRun);
  // A limited search is answered 429: both are expected; anything else (5xx, errors) is not.
  const search = searchResult
    ? record(`  search alongside (${label})`, [200, 429], { result: searchResult })
    : undefined;
  return { label, paid, search, atCap: searchRate !== undefined };
}

function reportAlongside(runs: Alongside[]) {
  console.log(
    `\nSearch load alongside paid purchases (${DURATION} s each; default rate limits, TRUST_PROXY_HOPS=1${process.env.RATE_LIMIT_ENABLED === "false" ? ", RATE LIMITS OFF" : ""}):`,
  );
  for (const { label, paid, search } of runs) {
    const p = paid.result;
    const line = `  ${label.padEnd(40)} paid: ${rps(p).toFixed(1).padStart(6)} purchases/s, p50 ${String(p.latency.p50).padStart(5)} ms, p99 ${String(p.latency.p99).padStart(5)} ms`;
    const codes = search
      ? Object.entries(search.result.statusCodeStats)
          .map(([c, s]) => `${c}×${s.count}`)
          .join(" ")
      : "";
    console.log(
      search
        ? `${line}; search: ${rps(search.result).toFixed(0)} req/s (${codes}), p50 ${search.result.latency.p50} ms`
        : line,
    );
  }
  const quiet = runs.find((r) => !r.search);
  const atCap = runs.find((r) => r.atCap);
  if (quiet && atCap) {
    const [q, c] = [quiet.paid.result.latency.p99, atCap.paid.result.latency.p99];
    const ok = c <= ALONGSIDE_P99_FACTOR * q;
    console.log(
      `  paid p99 with search at the default cap: ${c} ms against ${q} ms quiet = ${(c / Math.max(q, 1)).toFixed(2)}x (target <= ${ALONGSIDE_P99_FACTOR}x)  ${ok ? "met" : "MISSED"}`,
    );
  }
}

// ---- the products on sale ----------------------------------------------------------------------

interface SoldProduct {
  id: string;
  path: string;
  /** The product's example body: what an agent's unsigned probe sends. */
  body: string;
}

/** Every product the running marketplace sells: the paid operations of its OpenAPI document, each
 * checked to answer 402 with its product object. */
async function soldProducts(): Promise<SoldProduct[]> {
  const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, { post?: Record<string, unknown> }>;
  };
  const paths = Object.entries(doc.paths).flatMap(([p, item]) => (item.post?.["x-payment-info"] ? [p] : []));
  if (!paths.includes(SHORTLIST)) throw new Error(`/openapi.json lists no paid ${SHORTLIST}`);
  return Promise.all(
    paths.map(async (p) => {
      const res = await fetch(`${baseUrl}${p}`);
      const body = (await res.json()) as { product?: { id: string; example: unknown } };
      if (res.status !== 402 || !body.product || !res.headers.get("payment-required"))
        throw new Error(`GET ${p} answered ${res.status} without a product challenge`);
      return { id: body.product.id, path: p, body: JSON.stringify(body.product.example) };
    }),
  );
}

const rotate = <T>(xs: T[], by: number): T[] => xs.map((_, i) => xs[(i + by) % xs.length]!);

/** One comparison's line: throughput ratio over all its seconds, its interval, the median per-second ratio. */
function ratioLine(key: string): { ratio: number; text: string } {
  const p = pairings.get(key)!;
  if (p.bare.length === 0) return { ratio: NaN, text: "no second measured (see Problems)" };
  const ratio = sumRatio(p.subject, p.bare);
  const [low, high] = bootstrapInterval(p.subject, p.bare);
  return {
    ratio,
    text: `${ratio.toFixed(3).padStart(6)}  [${low.toFixed(3)}, ${high.toFixed(3)}]  median ${medianRatio(p.subject, p.bare).toFixed(3)}`,
  };
}

/** The 402 table: each product's challenge throughput against the bare route run next to it. */
function reportChallenges(products: SoldProduct[]) {
  console.log(
    `\n402 of every product against the bare route sent the same request (GET: bare GET; unsigned POST: bare POST with the same body), the connections switching between the two every ${BLOCK_MS} ms, ${ROUNDS} pass(es) of ${ROUND_DURATION} s (target >= ${TARGETS.challenge}):` +
      `\nthroughput ratio (the route's per-second rates summed over the bare route's), [90 % bootstrap interval over seconds], median of per-second ratios`,
  );
  for (const p of products) {
    for (const method of ["GET", "POST"] as const) {
      const { ratio, text } = ratioLine(`${p.id} ${method}`);
      const reqs = median(pairings.get(`${p.id} ${method}`)!.subject);
      console.log(
        `${p.id.padEnd(12)} ${method.padEnd(5)} ${p.path.padEnd(22)} ${reqs.toFixed(0).padStart(6)} req/s  ${text}  ${ratio >= TARGETS.challenge ? "met" : "MISSED"}`,
      );
    }
  }
  console.log(
    `${"control".padEnd(12)} ${"GET".padEnd(5)} ${"/api/ping again".padEnd(22)} ${median(pairings.get("control")!.subject).toFixed(0).padStart(6)} req/s  ${ratioLine("control").text}  (the bare route against itself: the noise)`,
  );
  console.log(
    `\nThe same, as each request's cost over the bare route: ${PAIRS} neighbouring pairs on one keep-alive connection, ABBA order (medians, µs; latency as the client sees it):`,
  );
  // bare / (bare + extra): the throughput ratio if the whole difference were the server's (part of
  // it is the client reading a longer answer), so it errs low.
  console.log(`(ratio: bare / (bare + extra), the throughput ratio these costs imply; target >= ${TARGETS.challenge})`);
  for (const [key, r] of paired) {
    const ratio = r.bareUs / (r.bareUs + r.extraUs);
    const verdict =
      key === "control" ? "(the bare route against itself)" : ratio >= TARGETS.challenge ? "met" : "MISSED";
    console.log(
      `${key.padEnd(18)} bare ${r.bareUs.toFixed(0).padStart(5)}  route ${r.routeUs.toFixed(0).padStart(5)}  extra ${r.extraUs.toFixed(1).padStart(6)} µs (${((100 * r.extraUs) / r.bareUs).toFixed(1)} %)  ratio ${ratio.toFixed(3)}  ${verdict}`,
    );
  }
}

// ---- report ----------------------------------------------------------------------------------

function report(pinning: string) {
  console.log(
    `\nPurchase benchmark: throughput comparisons in ${ROUNDS} pass(es) of ${ROUND_DURATION} s, switching every ${BLOCK_MS} ms; ${DURATION} s per paid phase; ${CONNECTIONS} connections (unless noted), loopback, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(`throughput comparisons: ${pinning}`);
  console.log(
    `${"throughput comparison (medians over the seconds)".padEnd(52)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"answers".padStart(8)} ${"unexpected".padStart(10)}`,
  );
  for (const [key, t] of tallies) {
    const p = pairings.get(key)!;
    for (const [label, rates, figures] of [
      [t.comparison.bareLabel, p.bare, t.bare],
      [t.comparison.label, p.subject, t.route],
    ] as const) {
      const sum = (pick: (f: SideFigures) => number) => figures.reduce((n, f) => n + pick(f), 0);
      const ms = (pick: (f: SideFigures) => number) => median(figures.map(pick)).toFixed(2).padStart(7);
      console.log(
        `${`${key}: ${label}`.slice(0, 52).padEnd(52)} ${median(rates).toFixed(0).padStart(7)} ${ms((f) => f.p50Ms)} ${ms((f) => f.p99Ms)} ${String(sum((f) => f.answers)).padStart(8)} ${String(sum((f) => f.unexpected)).padStart(10)}`,
      );
    }
  }
  const ms = (x: number | undefined) => (x === undefined ? "-" : x.toFixed(2)).padStart(7);
  console.log(
    `\n${"paid phase".padEnd(46)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"answers".padStart(8)} ${"unexpected".padStart(10)}   CPU ms per answer: app  postgres  bench`,
  );
  for (const p of phases) {
    const r = p.result;
    console.log(
      `${p.label.padEnd(46)} ${rps(r).toFixed(0).padStart(7)} ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${String(r.requests.total).padStart(8)} ${String(unexpected(p)).padStart(10)}   ${" ".repeat(16)}${ms(p.cpu?.app)} ${ms(p.cpu?.db)} ${ms(p.cpu?.bench)}`,
    );
  }
  console.log(`("app" is the Next.js server's Node processes; its server runs requests on one JS thread)`);
}

const figures = (p: Phase): Figures => ({ rps: rps(p.result), p50: p.result.latency.p50, p99: p.result.latency.p99 });

/** What the batch phases need of this script: one autocannon run, measured as the paid phases are. */
const batchDeps = (db: pg.Client, paymentRequired: PaymentRequired): BatchPhaseDeps => ({
  baseUrl,
  db,
  paymentRequired,
  warmupS: WARMUP,
  durationS: DURATION,
  max: BATCH_MAX,
  log,
  problems,
  async run(requests, connections, amount, seconds, label) {
    const run = await withCpu(() => cannon({ url: baseUrl, connections, amount, requests }, seconds));
    const ok = run.result.statusCodeStats["200"]?.count ?? 0;
    return { ok, figures: label ? figures(record(label, 200, run)) : figures({ label: "", expected: 200, ...run }) };
  },
});

/** The whole benchmark: the comparisons, the paid phases, the search alongside; then the report. */
async function fullRun(db: pg.Client, agents: FundedAgent[], paymentRequired: PaymentRequired) {
  // One completed purchase to replay, checked once by hand before the load.
  const [original] = await presign(agents, paymentRequired, 1, "terms", "replay");
  const first = await fetch(`${baseUrl}${SHORTLIST}`, {
    method: "POST",
    headers: original!.headers,
    body: original!.body,
  });
  const firstBody = await first.text();
  if (first.status !== 200) throw new Error(`the purchase to replay answered ${first.status}: ${firstBody}`);
  const settled = decodePaymentResponseHeader(first.headers.get("payment-response") ?? "");
  log(`purchase to replay: 200, transaction ${settled.transaction}, payer ${settled.payer}`);
  const again = await fetch(`${baseUrl}${SHORTLIST}`, {
    method: "POST",
    headers: original!.headers,
    body: original!.body,
  });
  const againBody = await again.text();
  if (again.status !== 200 || againBody !== firstBody.replace('"idempotentReplay":false', '"idempotentReplay":true')) {
    throw new Error(`a replay is not the stored answer (status ${again.status})`);
  }
  if (again.headers.get("payment-response") !== first.headers.get("payment-response"))
    problems.push("a replay carries another PAYMENT-RESPONSE");

  const products = await soldProducts();
  log(`products on sale: ${products.map((p) => `${p.id} (${p.path})`).join(", ")}`);
  const PING: BlockRequest = { method: "GET", path: "/api/ping", expected: 200 };
  const json = { "content-type": "application/json" };
  // Each 402 against the bare route sent the same request: a GET against the bare GET, an unsigned
  // POST against the bare POST with the same headers and body (receiving a body costs any route).
  const comparisons: Comparison[] = products.flatMap((p) => [
    {
      key: `${p.id} GET`,
      label: `402 GET ${p.path}`,
      route: { method: "GET", path: p.path, expected: 402 },
      bareLabel: "bare GET /api/ping",
      bare: PING,
    },
    {
      key: `${p.id} POST`,
      label: `402 unsigned POST ${p.path}`,
      route: { method: "POST", path: p.path, headers: json, body: p.body, expected: 402 },
      bareLabel: `bare POST /api/ping (${p.id}'s body)`,
      bare: { method: "POST", path: "/api/ping", headers: json, body: p.body, expected: 200 },
    },
  ]);
  const replayed: BlockRequest = {
    method: "POST",
    path: SHORTLIST,
    headers: original!.headers,
    body: original!.body,
    expected: 200,
  };
  const others: Comparison[] = [
    {
      key: "control",
      label: "bare GET /api/ping again (control)",
      route: PING,
      bareLabel: "bare GET /api/ping",
      bare: PING,
    },
    {
      key: "replay",
      label: "replay POST (same body and signature)",
      route: replayed,
      bareLabel: "bare GET /api/ping",
      bare: PING,
    },
    // The same POST (headers and body) to the bare route: the ceiling for a POST.
    {
      key: "replay vs bare POST",
      label: "replay POST (same body and signature)",
      route: replayed,
      bareLabel: "bare POST /api/ping (the replay's request)",
      bare: { ...replayed, path: "/api/ping" },
    },
  ];
  const all = [...comparisons, ...others];

  const appServer = findDescendant(server.pid!, "next-server");
  const pinned = appServer ? pinApart(appServer) : { reason: "the Next.js server process was not found" };
  const pinning = "restore" in pinned ? `pinned: ${pinned.description}` : `not pinned: ${pinned.reason}`;
  log(`throughput comparisons ${pinning}`);
  try {
    const routes = new Map(all.flatMap((c) => [[c.bareLabel, c.bare] as const, [c.label, c.route] as const]));
    for (const [label, r] of routes)
      await warm(label, r.expected, {
        requests: [{ method: r.method, path: r.path, headers: r.headers, body: r.body }],
      });
    for (let pass = 1; pass <= ROUNDS; pass++) {
      // Each pass starts at another comparison, so none always runs right after the same one.
      for (const c of rotate(all, ((pass - 1) * Math.ceil(all.length / ROUNDS)) % all.length)) await compare(c);
      const ratio = (key: string) => sumRatio(pairings.get(key)!.subject, pairings.get(key)!.bare).toFixed(3);
      log(
        `pass ${pass}/${ROUNDS}, so far: ${comparisons.map((c) => `${c.key} ${ratio(c.key)}`).join(", ")}; control ${ratio("control")}, replay ${ratio("replay")}`,
      );
    }
    // The same comparisons, as the cost per request over the bare route (noise cancels there).
    for (const c of [...comparisons, others[0]!]) {
      const result = await pairedLatency(baseUrl, c.bare, c.route, PAIRS);
      if (result.unexpected > 0)
        problems.push(`paired latency of ${c.key}: ${result.unexpected} answers with another status`);
      paired.set(c.key, result);
    }
    log(`paired latency: ${[...paired].map(([k, r]) => `${k} +${r.extraUs.toFixed(0)} us`).join(", ")}`);
  } finally {
    if ("restore" in pinned) pinned.restore();
  }
  const paidTerms = await paid(`paid POST, search "terms"`, db, agents, paymentRequired, "terms", CONNECTIONS);
  const paidSingle = await paid(`paid POST, search "terms", 1 connection`, db, agents, paymentRequired, "terms", 1);
  const batch = BATCH
    ? {
        many: await batchPhase(batchDeps(db, paymentRequired), `vouchers POST, search "terms"`, CONNECTIONS),
        one: await batchPhase(batchDeps(db, paymentRequired), `vouchers POST, search "terms", 1 connection`, 1),
      }
    : undefined;
  // `all` at 1 connection: the latency a paying agent sees for the default search, without queueing.
  const paidAllSingle = PAID_ALL
    ? await paid(`paid POST, search "all", 1 connection`, db, agents, paymentRequired, "all", 1)
    : undefined;
  if (PAID_ALL) await paid(`paid POST, search "all" (comparison)`, db, agents, paymentRequired, "all", CONNECTIONS);
  const alongside: Alongside[] = [];
  // The first search of a process loads the embedding model (seconds of CPU): a start-up cost, paid
  // here from an address of its own so that no measured phase includes it.
  if (ALONGSIDE) {
    const warm = await fetch(`${baseUrl}/api/catalog/search?q=weather`, {
      headers: { "x-forwarded-for": "198.19.0.1" },
    });
    if (warm.status !== 200) throw new Error(`the warm-up search answered ${warm.status}`);
  }
  if (ALONGSIDE) {
    for (const clients of [0, 1, SEARCH_CLIENTS])
      alongside.push(await paidAlongside(db, agents, paymentRequired, clients));
    // Enough addresses that none reaches its per-minute limit (60) within the run: the cap decides.
    const capClients = Math.max(SEARCH_CLIENTS, Math.ceil((SEARCH_CAP * DURATION * 2) / 60));
    alongside.push(await paidAlongside(db, agents, paymentRequired, capClients, SEARCH_CAP));
  }

  report(pinning);
  reportChallenges(products);
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const replay = ratioLine("replay");
  console.log(`\nShortlist replay against the bare GET, switching as above (ratio, [90 % interval], median):`);
  console.log(
    `replay / bare:          ${replay.text}  (target >= ${TARGETS.replay})  ${verdict(replay.ratio >= TARGETS.replay)}`,
  );
  console.log(
    `(for comparison, against the bare POST with the same body and signature: replay ${ratioLine("replay vs bare POST").text})`,
  );
  const single = paidSingle.result.latency;
  console.log(
    `paid "terms" p50:         ${single.p50} ms, p99 ${single.p99} ms at 1 connection (target p50 <= ${TARGETS.paidP50Ms} ms)  ${verdict(single.p50 <= TARGETS.paidP50Ms)}`,
  );
  if (batch) reportBatch(CONNECTIONS, { many: figures(paidTerms), one: figures(paidSingle) }, batch);
  if (paidAllSingle) {
    // autocannon's histogram has no p95; its p97.5 bounds it from above.
    const all = paidAllSingle.result.latency;
    console.log(
      `paid "all" p95:           <= ${all.p97_5} ms (p97.5), p50 ${all.p50} ms, p99 ${all.p99} ms at 1 connection (target p95 <= ${TARGETS.paidAllP95Ms} ms)  ${verdict(all.p97_5 <= TARGETS.paidAllP95Ms)}`,
    );
  }
  if (alongside.length) reportAlongside(alongside);
  const perPurchase = paidTerms.cpu
    ? `; CPU per purchase: app ${paidTerms.cpu.app.toFixed(1)} ms, PostgreSQL ${paidTerms.cpu.db.toFixed(1)} ms on ${os.cpus().length} cores`
    : "";
  console.log(
    `  at ${CONNECTIONS} connections: ${rps(paidTerms.result).toFixed(0)} purchases/s, p50 ${paidTerms.result.latency.p50} ms (queueing: ${CONNECTIONS} / ${rps(paidTerms.result).toFixed(0)} per s = ${((CONNECTIONS / rps(paidTerms.result)) * 1000).toFixed(0)} ms${perPurchase})`,
  );
  const totalUnexpected = phases.reduce((n, p) => n + unexpected(p), 0);
  console.log(`answers other than the expected status (non-2xx and not 402 where 402 is expected): ${totalUnexpected}`);
  const end = await ledger(db);
  console.log(
    `ledger: ${end.completed} purchases completed, ${end.failed} failed, ${end.open} open; ${end.transfers} transfers, ${Number(end.transferredAtomic) / 1e6} USDC`,
  );
  if (problems.length) {
    console.log("\nProblems:");
    for (const p of problems) console.log(`  - ${p}`);
  } else {
    console.log(
      `\nEvery answer had its phase's expected status; every paid 200 is one completed purchase and one transfer of 0.001 USDC${BATCH ? " (a voucher's: one completed purchase and 0.001 USDC more on its channel's charged total, no transfer)" : ""}.`,
    );
  }
}

/** BENCH_PROFILE=1: one purchase phase by phase with its statements, then a CPU profile under load. */
async function profileRun(db: pg.Client, agents: FundedAgent[], paymentRequired: PaymentRequired) {
  const sequential = await presign(agents, paymentRequired, PROFILE_PURCHASES, "terms", "profile-1");
  // A warm-up first: the first purchases of a process compile and fill caches.
  for (const s of await presign(agents, paymentRequired, 50, "terms", "profile-warm"))
    await (await fetch(`${baseUrl}${SHORTLIST}`, { method: "POST", headers: s.headers, body: s.body })).arrayBuffer();
  problems.push(...(await profileSequential(baseUrl, SHORTLIST, db, sequential)).problems);
  if (BATCH) problems.push(...(await profileVouchers(baseUrl, db, paymentRequired, PROFILE_PURCHASES)));

  const appServer = findDescendant(server.pid!, "next-server");
  if (!appServer) throw new Error("the Next.js server process was not found: nothing to profile");
  const signed = await presign(agents, paymentRequired, PAID_MAX + 2 * CONNECTIONS, "terms", "profile-n");
  // The profiler runs for the middle of the run, not its first second (connections opening).
  const toggle = (atS: number) => setTimeout(() => process.kill(appServer, "SIGUSR2"), atS * 1000);
  toggle(1);
  toggle(DURATION - 1);
  const run = await withCpu(() =>
    cannon({ url: baseUrl, connections: CONNECTIONS, amount: PAID_MAX, requests: purchaseRequests(signed) }, DURATION),
  );
  const phase = record(`paid POST, search "terms", profiled`, 200, run);
  // The profile is written a moment after the second signal.
  await new Promise((r) => setTimeout(r, 1500));
  const profiledShare = (DURATION - 2) / DURATION;
  await reportProfile(PROFILE_DIR!, Math.round(phase.result.requests.total * profiledShare), run.cpu?.app);
  console.log(
    `at ${CONNECTIONS} connections: ${rps(phase.result).toFixed(0)} purchases/s, p50 ${phase.result.latency.p50} ms; CPU per purchase: app ${run.cpu?.app.toFixed(1) ?? "-"} ms, PostgreSQL ${run.cpu?.db.toFixed(1) ?? "-"} ms (with the profiler on for ${DURATION - 2} of ${DURATION} s)`,
  );

  // Then replays of one completed purchase under the same load: the replay's own cost by component
  // (the profiler writes <pid>.cpuprofile again, over the purchases' one, already reported).
  const [original] = await presign(agents, paymentRequired, 1, "terms", "profile-replay");
  const first = await fetch(`${baseUrl}${SHORTLIST}`, {
    method: "POST",
    headers: original!.headers,
    body: original!.body,
  });
  if (first.status !== 200) throw new Error(`the purchase to replay answered ${first.status}: ${await first.text()}`);
  await first.arrayBuffer();
  toggle(1);
  toggle(DURATION - 1);
  const replays = await withCpu(() =>
    cannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ method: "POST", path: SHORTLIST, headers: original!.headers, body: original!.body }],
    }),
  );
  const replayPhase = record(`replay POST, profiled`, 200, replays);
  await new Promise((r) => setTimeout(r, 1500));
  await reportProfile(
    PROFILE_DIR!,
    Math.round(replayPhase.result.requests.total * profiledShare),
    replays.cpu?.app,
    "replay",
  );
  console.log(
    `replays at ${CONNECTIONS} connections: ${rps(replayPhase.result).toFixed(0)}/s, p50 ${replayPhase.result.latency.p50} ms; CPU per replay: app ${replays.cpu?.app.toFixed(2) ?? "-"} ms (with the profiler on for ${DURATION - 2} of ${DURATION} s)`,
  );
  if (problems.length) {
    console.log("\nProblems:");
    for (const p of problems) console.log(`  - ${p}`);
  }
}

let exitCode = 1;
let db: pg.Client | undefined;
try {
  await healthy(marketplace);
  log("marketplace is up");

  // The ceiling route must run per request, not be served from a prerendered file.
  const prerendered = path.resolve(".next/prerender-manifest.json");
  if (
    existsSync(prerendered) &&
    "/api/ping" in (JSON.parse(readFileSync(prerendered, "utf8")) as { routes: Record<string, unknown> }).routes
  ) {
    throw new Error("/api/ping was prerendered at build time; it would not be a fair ceiling");
  }
  const ping = await fetch(`${baseUrl}/api/ping`);
  if (ping.status !== 200 || JSON.stringify(await ping.json()) !== '{"ok":true}')
    throw new Error(`/api/ping answered ${ping.status}`);

  db = new pg.Client({ connectionString: marketplace.databaseUrl });
  await db.connect();

  const challenge = await fetch(`${baseUrl}${SHORTLIST}`);
  const requiredHeader = challenge.headers.get("payment-required");
  if (challenge.status !== 402 || !requiredHeader)
    throw new Error(`GET ${SHORTLIST} answered ${challenge.status} without a usable challenge`);
  const paymentRequired = decodePaymentRequiredHeader(requiredHeader);
  const accepted = paymentRequired.accepts[0]!;
  log(`challenge: ${accepted.amount} atomic units of ${accepted.asset} on ${accepted.network} to ${accepted.payTo}`);
  if (BigInt(accepted.amount) !== PRICE_ATOMIC)
    problems.push(`the shortlist costs ${accepted.amount} atomic units, not ${PRICE_ATOMIC}`);

  // Enough test USDC for every pre-signed purchase of every paid phase, spread over a few agents.
  const paidPhases = (PAID_ALL ? 3 : 2) + (ALONGSIDE ? 4 : 0);
  const perAgentUsd = Math.min(1000, Math.ceil(((PAID_MAX + 300) * paidPhases * 0.001 * 1.5) / AGENTS) + 1);
  const agents = await Promise.all(Array.from({ length: AGENTS }, () => fundedAgent(baseUrl, perAgentUsd)));
  log(`${AGENTS} agents funded with ${perAgentUsd} test USDC each`);

  if (PROFILE) await profileRun(db, agents, paymentRequired);
  else await fullRun(db, agents, paymentRequired);
  exitCode = problems.length ? 1 : 0;
} catch (err) {
  console.error(`[bench] failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await db?.end().catch(() => undefined);
  await marketplace.stop();
}
process.exit(exitCode);
