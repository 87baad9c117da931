// Observer traffic of the window (observed_calls, with the service page's definitions from
// server/observe/call-stats.ts: a call counts once answered; an error is anything but a provider's
// answer below 500): calls, error rate, latency p50/p95, per hour or day, and the worst providers
// (services) by error rate and by p95 latency, DASHBOARD_TOP of each.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { answered, providerAnswered } from "../observe/call-stats";
import { DASHBOARD_TOP, type ProviderFigures, type TrafficPanel } from "./dashboard-schema";
import { bucketInterval, bucketStarts, windowObject, type Window } from "./dashboard-window";

interface FigureRow {
  calls: number;
  ok: number;
  p50: number | null;
  p95: number | null;
}

const ratio = (errors: number, calls: number) => Math.round((errors / calls) * 10_000) / 10_000;
const ms = (v: number | null) => (v === null ? null : Math.round(v));
const latency = Prisma.sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95`;

export async function trafficPanel(w: Window): Promise<TrafficPanel> {
  // Every service's calls of the window: observed_calls_created_at_idx serves the short ranges (a
  // month is most of the table, which PostgreSQL then rightly scans).
  const inWindow = Prisma.sql`${answered(w.from)} AND created_at <= ${w.now}`;
  const [all] = (await sqlQuery<FigureRow>(Prisma.sql`
    SELECT count(*)::int AS calls, (count(*) FILTER (WHERE ${providerAnswered}))::int AS ok, ${latency}
    FROM observed_calls WHERE ${inWindow}`)) as [FigureRow];
  const buckets = await sqlQuery<{ at: Date; calls: number; ok: number }>(Prisma.sql`
    SELECT date_bin(${bucketInterval(w)}, created_at, ${w.from}) AS at, count(*)::int AS calls,
           (count(*) FILTER (WHERE ${providerAnswered}))::int AS ok
    FROM observed_calls WHERE ${inWindow} GROUP BY 1`);
  // Per service once, then the two bounded lists from it; the names come from the catalog (a call
  // outlives its service, hence the LEFT JOIN).
  const worst = await sqlQuery<
    FigureRow & { list: "errors" | "latency"; service_id: string; slug: string | null; name: string | null }
  >(
    Prisma.sql`
      WITH per AS (
        SELECT service_id, count(*)::int AS calls, (count(*) FILTER (WHERE ${providerAnswered}))::int AS ok, ${latency}
        FROM observed_calls WHERE ${inWindow} GROUP BY service_id
      ), lists AS (
        (SELECT 'errors' AS list, * FROM per WHERE ok < calls
          ORDER BY (calls - ok)::float8 / calls DESC, calls DESC, service_id LIMIT ${DASHBOARD_TOP})
        UNION ALL
        (SELECT 'latency' AS list, * FROM per WHERE p95 IS NOT NULL ORDER BY p95 DESC, service_id LIMIT ${DASHBOARD_TOP})
      )
      SELECT l.*, s.slug, s.name FROM lists l LEFT JOIN services s ON s.id = l.service_id`,
  );
  const provider = (r: (typeof worst)[number]): ProviderFigures => ({
    serviceId: r.service_id,
    slug: r.slug,
    name: r.name,
    calls: r.calls,
    errorRate: ratio(r.calls - r.ok, r.calls),
    p50LatencyMs: ms(r.p50),
    p95LatencyMs: ms(r.p95),
  });
  const byErrors = worst.filter((r) => r.list === "errors").map(provider);
  const byLatency = worst.filter((r) => r.list === "latency").map(provider);
  const byStart = new Map(buckets.map((b) => [b.at.getTime(), b]));
  return {
    window: windowObject(w),
    calls: all.calls,
    errorRate: all.calls === 0 ? null : ratio(all.calls - all.ok, all.calls),
    p50LatencyMs: all.calls === 0 ? null : ms(all.p50),
    p95LatencyMs: all.calls === 0 ? null : ms(all.p95),
    series: bucketStarts(w).map((at) => {
      const b = byStart.get(at.getTime());
      return { at: at.toISOString(), calls: b?.calls ?? 0, errors: b ? b.calls - b.ok : 0 };
    }),
    worstByErrorRate: byErrors.sort((a, b) => b.errorRate - a.errorRate || b.calls - a.calls || cmp(a, b)),
    worstByLatency: byLatency.sort((a, b) => (b.p95LatencyMs ?? 0) - (a.p95LatencyMs ?? 0) || cmp(a, b)),
  };
}

const cmp = (a: ProviderFigures, b: ProviderFigures) =>
  a.serviceId < b.serviceId ? -1 : a.serviceId > b.serviceId ? 1 : 0;
