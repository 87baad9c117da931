// The read side of observed_calls: what the marketplace saw of calls through its observer route in
// the last 30 days (decisions in docs/decisions.md "Observer"). The service record adds these to
// the catalog source's figures and shows them alone in its `observed` objects; the service page
// draws calls per day and latency from them. Reads only: the observer (server/observe) writes rows.
//
// A call counts once it has an answer (state completed, or retryable: a provider 402 not yet paid,
// or a provider that could not be reached); a claim still in flight does not. Success = the
// provider answered (outcome "provider") with a status below 500, so a 402 is a success of the
// provider and every observer error (unreachable, timeout, too large) is a failure.
import { z } from "zod";
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { NO_SERVICE_CALLS, type ServiceObserved, type OfferObserved } from "./call-stats-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export { serviceObservedSchema, offerObservedSchema, NO_SERVICE_CALLS, NO_OFFER_CALLS } from "./call-stats-schema";
export type { ServiceObserved, OfferObserved } from "./call-stats-schema";

export const WINDOW_DAYS = 30;

// Rows the figures count: answered calls of the window. `created_at` (the claim) places a call in
// the window, which the (service_id, created_at) and (offer_id, created_at) indexes serve.
export const answered = (since: Date) =>
  Prisma.sql`state <> 'in_flight' AND status IS NOT NULL AND created_at >= ${since}`;
/** A call the provider itself answered without a server error (the success rate's numerator). */
export const providerAnswered = Prisma.sql`outcome = 'provider' AND status < 500`;
const figures = Prisma.sql`
  count(*)::int AS calls,
  (count(*) FILTER (WHERE paid))::int AS paid_calls,
  (count(DISTINCT lower(payer)) FILTER (WHERE paid AND payer IS NOT NULL))::int AS payers,
  (count(*) FILTER (WHERE ${providerAnswered}))::int AS ok,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50`;

interface FigureRow {
  calls: number;
  paid_calls: number;
  payers: number;
  ok: number;
  p50: number | null;
}

export const windowStart = (now: Date) => new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
const rate = (r: FigureRow) => (r.calls === 0 ? null : Math.round((r.ok / r.calls) * 10_000) / 10_000);
const p50 = (r: FigureRow) => (r.p50 === null || r.calls === 0 ? null : Math.round(r.p50));

const toService = (r: FigureRow): ServiceObserved => ({
  calls30d: r.calls,
  paidCalls30d: r.paid_calls,
  uniquePayers30d: r.payers,
  successRate: rate(r),
  p50LatencyMs: p50(r),
});
const toOffer = (r: FigureRow): OfferObserved => ({ calls30d: r.calls, successRate: rate(r), p50LatencyMs: p50(r) });

/** Answered calls of the window for many services in one statement (list summaries show only the
 * count: no median or distinct payers to compute, which cost ~25 ms for a page of 20 busy services). */
export async function serviceCallCounts(serviceIds: string[], now: Date = new Date()): Promise<Map<string, number>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await sqlQuery<{ service_id: string; calls: number }>(Prisma.sql`
    SELECT service_id, count(*)::int AS calls
    FROM observed_calls
    WHERE service_id = ANY(${serviceIds}::text[]) AND ${answered(windowStart(now))}
    GROUP BY service_id`);
  return new Map(rows.map((r) => [r.service_id, r.calls]));
}

/** One service's figures and each of its offers', in one statement (a grouping set per level). */
export async function recordCallStats(
  serviceId: string,
  now: Date = new Date(),
): Promise<{ service: ServiceObserved; offers: Map<string, OfferObserved> }> {
  const rows = await sqlQuery<FigureRow & { offer_id: string | null; service_level: boolean }>(Prisma.sql`
    SELECT offer_id, GROUPING(offer_id) = 1 AS service_level, ${figures}
    FROM observed_calls
    WHERE service_id = ${serviceId} AND ${answered(windowStart(now))}
    GROUP BY GROUPING SETS ((), (offer_id))`);
  const service = rows.find((r) => r.service_level);
  return {
    service: service && service.calls > 0 ? toService(service) : NO_SERVICE_CALLS,
    offers: new Map(rows.filter((r) => !r.service_level && r.offer_id !== null).map((r) => [r.offer_id!, toOffer(r)])),
  };
}

export const callDaySchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  calls: z.int(),
  paidCalls: z.int(),
  /** Median latency of the day's calls; null on a day without calls. */
  p50LatencyMs: z.int().nullable(),
});
export const callSeriesSchema = z.object({ days: z.array(callDaySchema), totalCalls: z.int() });
export type CallSeries = z.infer<typeof callSeriesSchema>;

/** Calls per UTC day and the day's median latency over the last 30 days (today included), every day
 * present (zero calls: a gap in the chart would read as missing data). One statement. */
export async function serviceCallSeries(serviceId: string, now: Date = new Date()): Promise<CallSeries> {
  const rows = await sqlQuery<{ day: string; calls: number; paid_calls: number; p50: number | null }>(Prisma.sql`
    WITH days AS (
      SELECT generate_series((${now}::timestamptz AT TIME ZONE 'UTC')::date - ${WINDOW_DAYS - 1}::int, (${now}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day
    ), calls AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS calls, (count(*) FILTER (WHERE paid))::int AS paid_calls,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50
      FROM observed_calls
      WHERE service_id = ${serviceId} AND ${answered(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (WINDOW_DAYS - 1) * 86_400_000))}
      GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.calls, 0) AS calls, coalesce(c.paid_calls, 0) AS paid_calls, c.p50
    FROM days d LEFT JOIN calls c ON c.day = d.day
    ORDER BY d.day`);
  const days = rows.map((r) => ({
    day: r.day,
    calls: r.calls,
    paidCalls: r.paid_calls,
    p50LatencyMs: r.p50 === null ? null : Math.round(r.p50),
  }));
  return { days, totalCalls: days.reduce((n, d) => n + d.calls, 0) };
}

export interface CallBreakdown {
  p95LatencyMs: number | null;
  statuses: { status: number; calls: number }[];
  recent: {
    at: Date;
    offerId: string;
    method: string;
    status: number;
    outcome: string;
    latencyMs: number | null;
    paid: boolean;
  }[];
}

/** What the provider's page adds to recordCallStats for one service: the 95th percentile, the
 * calls per status and the latest calls, over the same rows (answered calls of the window). */
export async function serviceCallBreakdown(
  serviceId: string,
  now: Date = new Date(),
  recentLimit = 10,
): Promise<CallBreakdown> {
  const since = windowStart(now);
  const [p95, statuses, recent] = await Promise.all([
    sqlQuery<{ p95: number | null }>(Prisma.sql`
      SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95
      FROM observed_calls WHERE service_id = ${serviceId} AND ${answered(since)}`),
    sqlQuery<{ status: number; calls: number }>(Prisma.sql`
      SELECT status, count(*)::int AS calls
      FROM observed_calls WHERE service_id = ${serviceId} AND ${answered(since)}
      GROUP BY status ORDER BY calls DESC, status`),
    sqlQuery<{
      created_at: Date;
      offer_id: string;
      method: string;
      status: number;
      outcome: string | null;
      latency_ms: number | null;
      paid: boolean;
    }>(Prisma.sql`
      SELECT created_at, offer_id, method, status, outcome, latency_ms, paid
      FROM observed_calls WHERE service_id = ${serviceId} AND ${answered(since)}
      ORDER BY created_at DESC, id DESC LIMIT ${recentLimit}`),
  ]);
  const p = p95[0]?.p95 ?? null;
  return {
    p95LatencyMs: p === null ? null : Math.round(p),
    statuses,
    recent: recent.map((r) => ({
      at: r.created_at,
      offerId: r.offer_id,
      method: r.method,
      status: r.status,
      outcome: r.outcome ?? "provider",
      latencyMs: r.latency_ms,
      paid: r.paid,
    })),
  };
}
