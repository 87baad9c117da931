// The profile mode of `npm run bench:purchase` (BENCH_PROFILE=1): where one paid shortlist
// purchase's time goes. The bench starts the app with PURCHASE_TIMING=1 (each answer carries its
// phases' wall and CPU time in Server-Timing: server/payments/purchase-timing.ts), PostgreSQL with
// pg_stat_statements, and the CPU-profile preload (cpu-profile-preload.mjs). Two runs:
//   1. purchases one after another on one connection: the median of each phase's wall and CPU ms,
//      and every statement PostgreSQL ran meanwhile, per purchase (calls, mean ms): the round trips;
//      once paid with exact authorizations, once with batch-settlement vouchers on one channel
//      (batch-phase.ts opens it and signs its vouchers in order);
//   2. purchases at N connections with the server's main thread under the V8 profiler: its busy
//      time by component (profile-components.ts), as a share and as ms per purchase.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { profileComponents } from "./profile-components";
import { median } from "./ratio-stats";

export interface ProfileSigned {
  body: string;
  headers: Record<string, string>;
}

interface PhaseFigures {
  phase: string;
  wallMs: number;
  cpuMs: number;
  seen: number;
}

/** Each phase's median wall and CPU ms over the answers that ran it (Server-Timing). */
function phaseMedians(headers: string[]): PhaseFigures[] {
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  for (const header of headers) {
    for (const entry of header.split(",")) {
      const [name, dur] = entry.trim().split(";dur=");
      if (!name || dur === undefined) continue;
      const into = name.endsWith("-cpu") ? cpu : wall;
      const key = name.replace(/-cpu$/, "");
      into.set(key, [...(into.get(key) ?? []), Number(dur)]);
    }
  }
  return [...wall].map(([phase, ms]) => ({
    phase,
    wallMs: median(ms),
    cpuMs: median(cpu.get(phase) ?? [0]),
    seen: ms.length,
  }));
}

interface Statement {
  query: string;
  calls: number;
  totalMs: number;
}

export async function statementsDuring(db: pg.Client, run: () => Promise<void>): Promise<Statement[]> {
  await db.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  await db.query("SELECT pg_stat_statements_reset()");
  await run();
  const rows = await db.query<{ query: string; calls: string; total: number }>(
    `SELECT query, calls::text, total_exec_time AS total FROM pg_stat_statements
      WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY calls DESC, total_exec_time DESC`,
  );
  return rows.rows.map((r) => ({ query: r.query, calls: Number(r.calls), totalMs: r.total }));
}

export const oneLine = (sql: string, width: number) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

/** Run 1: sequential purchases with their phase timings and statements. */
export async function profileSequential(
  baseUrl: string,
  route: string,
  db: pg.Client,
  signed: ProfileSigned[],
  paidWith = "exact authorizations",
): Promise<{ problems: string[] }> {
  const headers: string[] = [];
  const latencies: number[] = [];
  const problems: string[] = [];
  let ok = 0;
  const statements = await statementsDuring(db, async () => {
    for (const s of signed) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${route}`, { method: "POST", headers: s.headers, body: s.body });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status === 200) ok++;
      const timing = res.headers.get("server-timing");
      if (timing) headers.push(timing);
    }
  });
  if (ok !== signed.length)
    problems.push(`profile (${paidWith}): ${signed.length - ok} of ${signed.length} purchases not 200`);
  if (headers.length === 0) problems.push("profile: no answer carried Server-Timing (PURCHASE_TIMING not on?)");

  console.log(
    `\nOne purchase paid with ${paidWith}, phase by phase (${ok} purchases one after another on one connection; medians; Server-Timing):`,
  );
  console.log(`client-observed latency: p50 ${median(latencies).toFixed(2)} ms`);
  console.log(
    `${"phase".padEnd(16)} ${"wall ms".padStart(8)} ${"CPU ms".padStart(8)}  (CPU: the app process, every thread)`,
  );
  const order = ["parse", "decode", "lookup", "admit", "claim", "verify", "mark-settling", "settle", "receipt"];
  const rank = (p: string) => (order.includes(p) ? order.indexOf(p) : p === "total" ? 99 : 50);
  for (const p of phaseMedians(headers).sort((a, b) => rank(a.phase) - rank(b.phase)))
    console.log(
      `${p.phase.padEnd(16)} ${p.wallMs.toFixed(2).padStart(8)} ${p.cpuMs.toFixed(2).padStart(8)}${p.seen < headers.length ? `  (in ${p.seen} of ${headers.length})` : ""}`,
    );
  console.log("(verify runs beside the claim, the fulfilment beside mark-settled: their times overlap)");

  const perPurchase = (n: number) => n / Math.max(ok, 1);
  const total = statements.reduce((n, s) => n + s.calls, 0);
  const totalMs = statements.reduce((n, s) => n + s.totalMs, 0);
  console.log(
    `\nStatements PostgreSQL ran meanwhile: ${perPurchase(total).toFixed(1)} per purchase, ${perPurchase(totalMs).toFixed(2)} ms of execution per purchase (pg_stat_statements; BEGIN/COMMIT included; background work such as the probe scheduler too):`,
  );
  console.log(`${"per purchase".padStart(12)} ${"mean ms".padStart(8)}  statement`);
  for (const s of statements.filter((x) => perPurchase(x.calls) >= 0.05))
    console.log(
      `${perPurchase(s.calls).toFixed(2).padStart(12)} ${(s.totalMs / s.calls).toFixed(3).padStart(8)}  ${oneLine(s.query, 110)}`,
    );
  return { problems };
}

/** Run 2's report: the newest CPU profile in `dir`, by component, per purchase. */
export async function reportProfile(
  dir: string,
  purchases: number,
  appCpuMsPerPurchase?: number,
  unit = "purchase",
): Promise<void> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile"));
  if (files.length === 0) {
    console.log(`\nNo CPU profile was written to ${dir}.`);
    return;
  }
  const file = path.join(dir, files[0]!);
  const { busyMs, components } = profileComponents(file);
  console.log(
    `\nThe server's main thread under load, by component (V8 profile ${file}: ${(busyMs / 1000).toFixed(1)} s busy, ${purchases} ${unit}s answered meanwhile; self time, source-mapped):`,
  );
  console.log(`${"share".padStart(6)} ${`ms/${unit}`.padStart(11)}  component`);
  for (const c of components.filter((x) => x.share >= 0.005))
    console.log(
      `${(100 * c.share).toFixed(1).padStart(5)}% ${(c.ms / Math.max(purchases, 1)).toFixed(2).padStart(11)}  ${c.component}`,
    );
  if (appCpuMsPerPurchase !== undefined)
    console.log(
      `(main thread busy ${(busyMs / Math.max(purchases, 1)).toFixed(2)} ms per ${unit}; the whole app process, with its other threads, ${appCpuMsPerPurchase.toFixed(2)} ms)`,
    );
}
