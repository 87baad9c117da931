// `npm run bench:probe`: what the probe scheduler sustains and what it costs paid purchases. It
// starts the marketplace as `npm start` does (throwaway data dir, embedded PostgreSQL, production
// build, free ports; the sandbox world and the probe scheduler start with it, at the default
// PROBE_INTERVAL_SECONDS of 600). Then, in BENCH_ROUNDS rounds, each in both orders, three modes:
//   off     the schedule pushed a day ahead (the scheduler idles: one lease query every 5 s)
//   steady  every offer due once at a random time within the interval: the default rate, about
//           0.66 probe a second for the ~400 sandbox offers (what a running marketplace does)
//   flat    every offer due now: the scheduler runs flat out, bounded only by its per-host cap and
//           spacing (the whole sandbox is one host), the most probing one instance does (a pass over
//           the sandbox takes longer than a phase)
// with paid shortlist purchases (pre-signed by funded agents, each its own request_id) sent by
// autocannon at BENCH_CONNECTIONS connections for BENCH_DURATION s. Reports purchases/s and p50/p99
// per mode (medians over rounds), the throughput of each probing mode against off (target: at most
// 5 % lower), and the probes per minute recorded in each mode (offer_probes rows). Last, one whole
// pass over the sandbox world, and what the probes found there (state and failed checks per offer).
// The probe settings (PROBE_HOST_CONCURRENCY, PROBE_HOST_SPACING_MS, PROBE_CONCURRENCY,
// PROBE_TIMEOUT_MS) are the caller's environment's, else the defaults. The exit code is 1 when a
// purchase answered other than 200.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import pg from "pg";
import { freePort } from "../test/free-port";
import { healthy, loadLine, startBenchMarketplace } from "./bench/bench-marketplace";
import { fundedAgent, type FundedAgent } from "./bench/funded-agent";
import { positiveInt } from "./bench/positive-int";

const DURATION = positiveInt("BENCH_DURATION", 20);
const ROUNDS = positiveInt("BENCH_ROUNDS", 2);
const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 10);
const WARMUP = positiveInt("BENCH_WARMUP", 3);
// Pre-signed purchases per phase: more than a phase can use at the marketplace's purchase rate.
const PAID_MAX = positiveInt("BENCH_PAID_MAX", 4000);
const AGENTS = 4;
const TARGET_RATIO = 0.95;
const SHORTLIST = "/api/shop/shortlist";
const INTERVAL_S = 600;
const log = (m: string) => console.log(`[bench:probe] ${m}`);

interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest) => CannonRequest | undefined;
}
interface CannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
type Autocannon = (
  opts: Record<string, unknown>,
  cb: (err: Error | null, result: CannonResult) => void,
) => { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
function cannon(opts: Record<string, unknown>, stopAfterS: number): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
    setTimeout(() => instance.stop(), stopAfterS * 1000).unref();
  });
}

// ---- the marketplace, as `npm start` runs it ----------------------------------------------------

const sandboxPort = await freePort();
const marketplace = await startBenchMarketplace({
  name: "probe",
  log,
  unset: ["PROBE_ENABLED", "SANDBOX_ENABLED"],
  env: {
    SANDBOX_PORT: String(sandboxPort),
    PROBE_INTERVAL_SECONDS: String(INTERVAL_S),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});
const { baseUrl, waitFor } = marketplace;

// ---- paying agents (as bench:purchase) -----------------------------------------------------------

async function presign(agents: FundedAgent[], required: PaymentRequired, count: number, tag: string) {
  const out: { headers: Record<string, string>; body: string }[] = [];
  for (let i = 0; i < count; i++) {
    const payload = await agents[i % agents.length]!.client.createPaymentPayload(required);
    out.push({
      headers: { "content-type": "application/json", "payment-signature": encodePaymentSignatureHeader(payload) },
      body: JSON.stringify({
        request_id: `bench-probe-${tag}-${i}-${randomUUID()}`,
        outcome: "hourly weather forecasts for delivery route planning",
        conditions: ["pay per request with x402"],
        search: "terms",
        limit: 5,
      }),
    });
  }
  return out;
}

// ---- phases ----------------------------------------------------------------------------------------

type Mode = "off" | "steady" | "flat";
const MODES: Mode[] = ["off", "steady", "flat"];
interface Run {
  mode: Mode;
  rps: number;
  p50: number;
  p99: number;
  probesPerMinute: number;
}
let failed = false;

async function main() {
  await healthy(marketplace, 600_000);
  const db = new pg.Client({ connectionString: marketplace.databaseUrl });
  await db.connect();
  try {
    const offers = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM offers WHERE protocol = 'x402'"))
      .rows[0]!.n;
    await waitFor(
      async () =>
        (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM offer_probe_schedule")).rows[0]!.n >= offers,
      "The probe scheduler's start",
      120_000,
    );
    log(`${offers} x402 offers on the schedule`);

    const challenge = await fetch(`${baseUrl}${SHORTLIST}`);
    const header = challenge.headers.get("payment-required");
    if (challenge.status !== 402 || !header) throw new Error(`GET ${SHORTLIST} answered ${challenge.status}`);
    const required = decodePaymentRequiredHeader(header);
    const phases = ROUNDS * MODES.length * 2;
    const usd = Math.min(1000, Math.ceil(((PAID_MAX + 100) * phases * 0.001 * 1.5) / AGENTS) + 1);
    const agents = await Promise.all(Array.from({ length: AGENTS }, () => fundedAgent(baseUrl, usd)));

    const probing = async (mode: Mode) =>
      db.query(
        mode === "flat"
          ? "UPDATE offer_probe_schedule SET next_probe_at = now()"
          : mode === "steady"
            ? `UPDATE offer_probe_schedule SET next_probe_at = now() + random() * interval '${INTERVAL_S} seconds'`
            : "UPDATE offer_probe_schedule SET next_probe_at = now() + interval '1 day'",
      );
    const probeCount = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM offer_probes")).rows[0]!.n;

    async function phase(mode: Mode, tag: string): Promise<Run> {
      await probing(mode);
      // Let the mode settle (the probes in flight of a probing phase finish, the new mode takes over).
      const warm = await presign(agents, required, Math.min(300, PAID_MAX), `${tag}-warm`);
      await purchases(warm, WARMUP);
      const signed = await presign(agents, required, PAID_MAX + 2 * CONNECTIONS, tag);
      const before = await probeCount();
      const started = performance.now();
      const r = await purchases(signed, DURATION);
      const minutes = (performance.now() - started) / 60_000;
      const probes = (await probeCount()) - before;
      const ok = r.statusCodeStats["200"]?.count ?? 0;
      const run = {
        mode,
        rps: ok / r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        probesPerMinute: probes / minutes,
      };
      log(
        `${tag.padEnd(10)} probing ${mode.padEnd(6)} ${run.rps.toFixed(1).padStart(7)} purchases/s  p50 ${run.p50} ms  p99 ${run.p99} ms  probes ${run.probesPerMinute.toFixed(0)}/min`,
      );
      if (ok >= signed.length - CONNECTIONS) log(`${tag}: ran out of pre-signed purchases; raise BENCH_PAID_MAX`);
      return run;
    }

    async function purchases(signed: { headers: Record<string, string>; body: string }[], seconds: number) {
      let next = 0;
      const r = await cannon(
        {
          url: baseUrl,
          connections: CONNECTIONS,
          amount: signed.length,
          requests: [
            {
              method: "POST",
              path: SHORTLIST,
              setupRequest: (req: CannonRequest) => {
                const s = signed[next++];
                return s ? { ...req, headers: s.headers, body: s.body } : undefined;
              },
            },
          ],
        },
        seconds,
      );
      const bad = Object.entries(r.statusCodeStats).filter(([code]) => code !== "200");
      if (bad.length > 0 || r.errors > 0 || r.timeouts > 0) {
        failed = true;
        log(`unexpected answers ${JSON.stringify(r.statusCodeStats)}, errors ${r.errors}, timeouts ${r.timeouts}`);
      }
      return r;
    }

    log(`${loadLine("before")} (${os.cpus().length} CPUs)`);
    const runs: Run[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order: Mode[] = round % 2 === 1 ? [...MODES, ...[...MODES].reverse()] : [...[...MODES].reverse(), ...MODES];
      for (const [i, mode] of order.entries()) runs.push(await phase(mode, `r${round}.${i + 1}`));
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
    };
    const of = (mode: Mode, f: keyof Omit<Run, "mode">) => median(runs.filter((r) => r.mode === mode).map((r) => r[f]));
    console.log("");
    console.log(
      `probe bench: ${CONNECTIONS} connections of paid shortlist purchases, ${DURATION} s per phase, ${ROUNDS} rounds (medians)`,
    );
    for (const mode of MODES)
      console.log(
        `probing ${mode.padEnd(6)}: ${of(mode, "rps").toFixed(1)} purchases/s, p50 ${of(mode, "p50")} ms, p99 ${of(mode, "p99")} ms, ${of(mode, "probesPerMinute").toFixed(0)} probes/min`,
      );
    for (const mode of ["steady", "flat"] as const) {
      const ratio = of(mode, "rps") / of("off", "rps");
      console.log(
        `throughput probing ${mode}: ${ratio.toFixed(3)}x without (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? "met" : "NOT met"})`,
      );
    }

    // One whole pass over the sandbox world, then what the probes found: each x402 offer's state and
    // failed checks, counted (the last probe of every offer is from this pass).
    const mark = (await db.query<{ t: Date }>("SELECT now() AS t")).rows[0]!.t;
    await probing("flat");
    await waitFor(
      async () =>
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM offer_health h JOIN offers o ON o.id = h.offer_id WHERE o.protocol = 'x402' AND h.last_probed_at >= $1",
            [mark],
          )
        ).rows[0]!.n >= offers,
      "A whole probe pass over the sandbox",
      600_000,
    );
    const census = await db.query<{ state: string | null; checks: string; offers: number }>(
      `SELECT h.state, array_to_string(h.failed_checks, ', ') AS checks, count(*)::int AS offers
       FROM offers o LEFT JOIN offer_health h ON h.offer_id = o.id WHERE o.protocol = 'x402'
       GROUP BY 1, 2 ORDER BY 3 DESC`,
    );
    console.log(`verdicts of a whole pass over the ${offers} x402 offers (state, failed checks: offers):`);
    for (const r of census.rows)
      console.log(`  ${r.state ?? "unprobed"}${r.checks ? ` (${r.checks})` : ""}: ${r.offers}`);
    log(loadLine("after"));
  } finally {
    await db.end();
  }
}

try {
  await main();
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await marketplace.stop();
}
process.exit(failed ? 1 : 0);
