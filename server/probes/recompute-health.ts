// An offer's offer_health row, rewritten from its probes in one statement over the indexed rows
// (offer_probes by offer and time, offer_probe_days by offer and day). Definitions (read with
// health-schema.ts):
// - up: an answer arrived with a status below 500; uptime = percent of the window's probes up
//   (rounded to 2 decimals), null without probes in the window;
// - state: unreachable when the last three probes (or all, if fewer) were all not up, otherwise the
//   verdict of the most recent up probe with its failed checks; unprobed without probes;
// - latency p50/p95: percentile_disc (an observed value) over the last 7 days' up probes;
// - 24 h and 7 d read raw probes (the retention is at least 7 days); 30 d adds the daily roll-ups of
//   probes past the retention (whole UTC days, the one at the window's far edge counted whole), so
//   the figure does not drop when the retention is shorter than 30 days. A day is either rolled up or
//   raw, never both: probe-retention.ts moves it in one statement.
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";

// Without `at`, the database's own clock: a probe just inserted has probed_at = now() in microseconds,
// and a JavaScript Date (milliseconds, truncated) taken right after can fall before it, leaving that
// probe out of the figures it was recorded to update (seen: a second probe missing from probes_30d).
export async function recomputeOfferHealth(offerId: string, at?: Date): Promise<void> {
  const t = at === undefined ? Prisma.sql`now()` : Prisma.sql`${at}::timestamptz`;
  await sqlQuery(Prisma.sql`
    INSERT INTO offer_health AS h (offer_id, state, failed_checks, uptime_24h, uptime_7d, uptime_30d,
                                   latency_p50_ms, latency_p95_ms, probes_30d, last_probed_at, updated_at)
    SELECT ${offerId},
           CASE WHEN last3.n = 0 THEN 'unprobed' WHEN last3.up = 0 THEN 'unreachable' ELSE lastup.verdict END,
           CASE WHEN last3.up > 0 THEN lastup.failed_checks ELSE ARRAY[]::text[] END,
           round(100.0 * w.up24 / NULLIF(w.n24, 0), 2)::float8,
           round(100.0 * w.up7 / NULLIF(w.n7, 0), 2)::float8,
           round(100.0 * (w.up30 + d.up) / NULLIF(w.n30 + d.probes, 0), 2)::float8,
           w.p50, w.p95, (w.n30 + d.probes)::int, last3.last, now()
    FROM (SELECT count(*) AS n, count(*) FILTER (WHERE status < 500) AS up, max(probed_at) AS last
          FROM (SELECT status, probed_at FROM offer_probes
                WHERE offer_id = ${offerId} AND probed_at <= ${t}
                ORDER BY probed_at DESC, id DESC LIMIT 3) l) last3
    LEFT JOIN LATERAL (SELECT verdict, failed_checks FROM offer_probes
                       WHERE offer_id = ${offerId} AND probed_at <= ${t} AND status < 500
                       ORDER BY probed_at DESC, id DESC LIMIT 1) lastup ON true
    CROSS JOIN (SELECT count(*) FILTER (WHERE probed_at > ${t} - interval '24 hours') AS n24,
                       count(*) FILTER (WHERE probed_at > ${t} - interval '24 hours' AND status < 500) AS up24,
                       count(*) FILTER (WHERE probed_at > ${t} - interval '7 days') AS n7,
                       count(*) FILTER (WHERE probed_at > ${t} - interval '7 days' AND status < 500) AS up7,
                       count(*) AS n30,
                       count(*) FILTER (WHERE status < 500) AS up30,
                       percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms)
                         FILTER (WHERE probed_at > ${t} - interval '7 days' AND status < 500) AS p50,
                       percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms)
                         FILTER (WHERE probed_at > ${t} - interval '7 days' AND status < 500) AS p95
                FROM offer_probes
                WHERE offer_id = ${offerId} AND probed_at > ${t} - interval '30 days' AND probed_at <= ${t}) w
    CROSS JOIN (SELECT coalesce(sum(probes), 0) AS probes, coalesce(sum(up), 0) AS up FROM offer_probe_days
                WHERE offer_id = ${offerId}
                  AND day >= ((${t} - interval '30 days') AT TIME ZONE 'UTC')::date
                  AND day <= (${t} AT TIME ZONE 'UTC')::date) d
    ON CONFLICT (offer_id) DO UPDATE SET
      state = excluded.state, failed_checks = excluded.failed_checks, uptime_24h = excluded.uptime_24h,
      uptime_7d = excluded.uptime_7d, uptime_30d = excluded.uptime_30d, latency_p50_ms = excluded.latency_p50_ms,
      latency_p95_ms = excluded.latency_p95_ms, probes_30d = excluded.probes_30d,
      last_probed_at = excluded.last_probed_at, updated_at = excluded.updated_at`);
}
