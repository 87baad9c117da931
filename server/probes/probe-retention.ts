// Raw probes are kept PROBE_RETENTION_DAYS, then rolled up per offer and UTC day into
// offer_probe_days (probes, up, conformant, latency p50/p95 of the up ones) and deleted, so the table
// cannot grow without bound. Only whole UTC days older than the cut-off move, each (offer, day) in one
// statement that deletes its rows and writes its roll-up: a day is never both raw and rolled up, so the
// 30-day uptime (recompute-health.ts) counts it once. Batches are bounded (groups per statement,
// statements per run) and a transaction-scoped advisory lock lets one instance at a time do it.
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";
import { recomputeOfferHealth } from "./recompute-health";

const RETENTION_LOCK = "marketplace:probe-retention";
/** (offer, day) groups per statement: at the default interval a group is 144 rows. */
export const ROLLUP_GROUPS_PER_BATCH = 200;
const MAX_BATCHES_PER_RUN = 50;
/** Health rows older than this are rewritten by the hourly run, so an offer no longer probed
 * (its provider address refused, say) still sees its uptime windows move on. */
const STALE_HEALTH_MS = 60 * 60 * 1000;
const STALE_HEALTH_PER_RUN = 500;

/** The first instant kept raw: the start of the UTC day `retentionDays` before `at`. */
export function retentionCutoff(retentionDays: number, at: Date = new Date()): Date {
  const d = new Date(at.getTime() - retentionDays * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** One batch: returns the groups rolled up and raw rows deleted (0 and 0 when another instance holds the lock). */
async function rollUpBatch(cutoff: Date, groups: number): Promise<{ groups: number; deleted: number }> {
  const [row] = await sqlQuery<{ groups: number; deleted: number }>(Prisma.sql`
    WITH lock AS (SELECT pg_try_advisory_xact_lock(hashtextextended(${RETENTION_LOCK}, 0)) AS held),
    picked AS (
      SELECT p.offer_id, (p.probed_at AT TIME ZONE 'UTC')::date AS day
      FROM offer_probes p, lock
      WHERE lock.held AND p.probed_at < ${cutoff}
      GROUP BY 1, 2 ORDER BY 2, 1 LIMIT ${groups}
    ), gone AS (
      DELETE FROM offer_probes p USING picked g
      WHERE p.offer_id = g.offer_id
        AND p.probed_at >= (g.day::timestamp AT TIME ZONE 'UTC')
        AND p.probed_at < ((g.day + 1)::timestamp AT TIME ZONE 'UTC')
      RETURNING p.offer_id, g.day, p.status, p.verdict, p.latency_ms
    ), days AS (
      SELECT offer_id, day, count(*)::int AS probes,
             count(*) FILTER (WHERE status < 500)::int AS up,
             count(*) FILTER (WHERE verdict = 'conformant')::int AS conformant,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status < 500) AS p50,
             percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status < 500) AS p95
      FROM gone GROUP BY 1, 2
    ), written AS (
      -- A day rolled up before (only if probes were stored for it late) adds its counts; its
      -- percentiles are the larger part's, as two medians do not merge exactly.
      INSERT INTO offer_probe_days AS d (offer_id, day, probes, up, conformant, latency_p50_ms, latency_p95_ms)
      SELECT offer_id, day, probes, up, conformant, p50, p95 FROM days
      ON CONFLICT (offer_id, day) DO UPDATE SET
        probes = d.probes + excluded.probes, up = d.up + excluded.up, conformant = d.conformant + excluded.conformant,
        latency_p50_ms = CASE WHEN excluded.probes > d.probes THEN excluded.latency_p50_ms ELSE d.latency_p50_ms END,
        latency_p95_ms = CASE WHEN excluded.probes > d.probes THEN excluded.latency_p95_ms ELSE d.latency_p95_ms END
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM written)::int AS groups, (SELECT count(*) FROM gone)::int AS deleted`);
  return row ?? { groups: 0, deleted: 0 };
}

export interface RetentionOutcome {
  groups: number;
  deleted: number;
  healthRefreshed: number;
}

/** Rolls up and deletes raw probes past the retention, then refreshes stale health rows. */
export async function applyProbeRetention(
  retentionDays: number,
  options: { at?: Date; groupsPerBatch?: number; pauseMs?: number } = {},
): Promise<RetentionOutcome> {
  const cutoff = retentionCutoff(retentionDays, options.at);
  const perBatch = options.groupsPerBatch ?? ROLLUP_GROUPS_PER_BATCH;
  const outcome: RetentionOutcome = { groups: 0, deleted: 0, healthRefreshed: 0 };
  for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
    const batch = await rollUpBatch(cutoff, perBatch);
    outcome.groups += batch.groups;
    outcome.deleted += batch.deleted;
    if (batch.groups < perBatch) break;
    // Between batches the pool and the table are the app's again for a moment.
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 50));
  }
  const stale = await sqlQuery<{ offer_id: string }>(Prisma.sql`
    SELECT offer_id FROM offer_health
    WHERE updated_at < now() - ${STALE_HEALTH_MS} * interval '1 millisecond'
    ORDER BY updated_at LIMIT ${STALE_HEALTH_PER_RUN}`);
  for (const { offer_id } of stale) await recomputeOfferHealth(offer_id);
  outcome.healthRefreshed = stale.length;
  return outcome;
}
