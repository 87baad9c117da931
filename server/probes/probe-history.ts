// A service's probe history for its page: per UTC day over the last 30 days (the uptime strip and
// the latency chart), its health now, and its payment-terms changes (open and resolved). Reads only:
// the probe scheduler writes the rows. A day's figures come from the raw probes while they are kept
// and from their daily roll-up (offer_probe_days) once the retention purge has replaced them: the two
// hold disjoint probes, so one UNION ALL counts each probe once.
import { z } from "zod";
import { db, sqlQuery } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { serviceSlugSchema } from "../catalog/slug-schema";
import {
  offerHealthSchema,
  serviceHealthObject,
  serviceHealthSchema,
  termsChangeSchema,
  type OfferHealthObject,
} from "./health-schema";
import { offerHealthFor, termsChangeObject } from "./offer-health";

export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

export const probeDaySchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  probes: z.int(),
  /** Probes answered with a status below 500. */
  up: z.int(),
  conformant: z.int(),
  /** up / probes in percent (two decimals); null on a day without probes. */
  uptimePercent: z.number().nullable(),
  /** The slowest offer's median and 95th percentile that day over its answered probes (the service
   * health's rule: a buyer of any offer may wait that long); null without answered probes. */
  latencyP50Ms: z.int().nullable(),
  latencyP95Ms: z.int().nullable(),
});
export type ProbeDay = z.infer<typeof probeDaySchema>;

export const termsChangeEntrySchema = termsChangeSchema.extend({
  id: z.string(),
  offer: z.object({ id: z.string(), method: z.string(), path: z.string(), protocol: z.string() }),
});
export type TermsChangeEntry = z.infer<typeof termsChangeEntrySchema>;

export const serviceHealthHistorySchema = z.object({
  health: serviceHealthSchema,
  offers: z.record(z.string(), offerHealthSchema),
  days: z.array(probeDaySchema),
  totalProbes: z.int(),
  termsChanges: z.array(termsChangeEntrySchema),
});
export type ServiceHealthHistory = z.infer<typeof serviceHealthHistorySchema>;

/** The first UTC midnight of the window (today is its last day). */
export const historyStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (HISTORY_DAYS - 1) * DAY_MS);

// The history shown is bounded: a provider flapping for months must not make the page unbounded.
const TERMS_HISTORY_LIMIT = 50;

interface DayRow {
  day: string;
  probes: number;
  up: number;
  conformant: number;
  p50: number | null;
  p95: number | null;
}

/** Every day of the window for one service, days without probes included (zero probes: "no data"). */
export async function serviceProbeDays(serviceId: string, now: Date = new Date()): Promise<ProbeDay[]> {
  const start = historyStart(now);
  // Up: an answer arrived with a status below 500 (as offer_health and the roll-up count it). Percentiles
  // are percentile_disc: a latency that was observed, not an interpolation.
  const rows = await sqlQuery<DayRow>(Prisma.sql`
    WITH days AS (
      SELECT generate_series(${start}::timestamptz AT TIME ZONE 'UTC', ${now}::timestamptz AT TIME ZONE 'UTC', interval '1 day')::date AS day
    ), raw AS (
      SELECT p.offer_id, (p.probed_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS probes,
             (count(*) FILTER (WHERE p.status < 500))::int AS up,
             (count(*) FILTER (WHERE p.verdict = 'conformant'))::int AS conformant,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY p.latency_ms) FILTER (WHERE p.status < 500) AS p50,
             percentile_disc(0.95) WITHIN GROUP (ORDER BY p.latency_ms) FILTER (WHERE p.status < 500) AS p95
      FROM offer_probes p JOIN offers o ON o.id = p.offer_id
      WHERE o.service_id = ${serviceId} AND p.probed_at >= ${start} AND p.probed_at <= ${now}
      GROUP BY 1, 2
    ), rolled AS (
      SELECT r.offer_id, r.day, r.probes, r.up, r.conformant, r.latency_p50_ms AS p50, r.latency_p95_ms AS p95
      FROM offer_probe_days r JOIN offers o ON o.id = r.offer_id
      WHERE o.service_id = ${serviceId} AND r.day >= (${start}::timestamptz AT TIME ZONE 'UTC')::date
    ), per_offer AS (
      SELECT * FROM raw UNION ALL SELECT * FROM rolled
    ), per_day AS (
      SELECT day, sum(probes)::int AS probes, sum(up)::int AS up, sum(conformant)::int AS conformant,
             max(p50)::int AS p50, max(p95)::int AS p95
      FROM per_offer GROUP BY day
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(x.probes, 0) AS probes, coalesce(x.up, 0) AS up,
           coalesce(x.conformant, 0) AS conformant, x.p50, x.p95
    FROM days d LEFT JOIN per_day x ON x.day = d.day
    ORDER BY d.day`);
  return rows.map((r) => ({
    day: r.day,
    probes: r.probes,
    up: r.up,
    conformant: r.conformant,
    uptimePercent: r.probes === 0 ? null : Math.round((r.up / r.probes) * 10_000) / 100,
    latencyP50Ms: r.p50,
    latencyP95Ms: r.p95,
  }));
}

/** The service's payment-terms changes, open and resolved, newest first. */
export async function serviceTermsChanges(serviceId: string): Promise<TermsChangeEntry[]> {
  const rows = await db.offerTermsChange.findMany({
    where: { offer: { serviceId } },
    orderBy: [{ detectedAt: "desc" }, { id: "desc" }],
    take: TERMS_HISTORY_LIMIT,
    include: { offer: { select: { id: true, method: true, path: true, protocol: true } } },
  });
  return rows.map((r) => ({ id: r.id, offer: r.offer, ...termsChangeObject(r) }));
}

export const serviceHealthHistoryInput = z.object({ slug: serviceSlugSchema });

/** Everything the service page's health section shows, for one service by slug. */
export async function getServiceHealthHistory(slug: string, now: Date = new Date()): Promise<ServiceHealthHistory> {
  // A malformed slug names no service: the same 404 as an unknown one.
  const service = serviceSlugSchema.safeParse(slug).success
    ? await db.service.findUnique({ where: { slug }, select: { id: true, offers: { select: { id: true } } } })
    : null;
  if (!service) throw new AppError("not_found", `No service with slug "${slug}".`);
  const offerIds = service.offers.map((o) => o.id);
  const [health, days, termsChanges] = await Promise.all([
    offerHealthFor(offerIds),
    serviceProbeDays(service.id, now),
    serviceTermsChanges(service.id),
  ]);
  const offers: Record<string, OfferHealthObject> = Object.fromEntries(health);
  return {
    health: serviceHealthObject([...health.values()]),
    offers,
    days,
    totalProbes: days.reduce((n, d) => n + d.probes, 0),
    termsChanges,
  };
}

export interface RecentProbe {
  offerId: string;
  probedAt: Date;
  verdict: string;
  status: number | null;
  latencyMs: number;
  failedChecks: string[];
  detail: string | null;
}

/** The latest raw probes of a service's offers, newest first (the provider's page; the roll-up
 * keeps figures per day, not probes, so only the retained ones are listed). */
export async function recentServiceProbes(serviceId: string, limit = 10): Promise<RecentProbe[]> {
  const rows = await db.offerProbe.findMany({
    where: { offer: { serviceId } },
    orderBy: [{ probedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      offerId: true,
      probedAt: true,
      verdict: true,
      status: true,
      latencyMs: true,
      failedChecks: true,
      detail: true,
    },
  });
  return rows;
}
