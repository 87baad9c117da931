// Probe verdicts of the window: the raw probes still kept (offer_probes, by probed_at) plus the daily
// roll-ups of the purged ones (offer_probe_days), which hold disjoint probes (as on the service page,
// server/probes/probe-history.ts). A roll-up keeps probes, up (an answer below 500) and conformant,
// so its verdicts are derived: conformant, non_conformant = up - conformant (a conformant 402 is an
// answer below 500), unreachable = probes - up. The offers' health now (offer_health; an offer
// without a row has not been probed) does not depend on the range.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { OFFER_HEALTH_STATES, PROBE_VERDICTS, type ProbesPanel } from "./dashboard-schema";
import { windowObject, type Window } from "./dashboard-window";

type Verdict = (typeof PROBE_VERDICTS)[number];
type HealthState = (typeof OFFER_HEALTH_STATES)[number];

export async function probesPanel(w: Window): Promise<ProbesPanel> {
  // The (probed_at) index serves the raw count; the window starts at a UTC midnight, so whole roll-up days fit it.
  const raw = await sqlQuery<{ verdict: string; count: number }>(Prisma.sql`
    SELECT verdict, count(*)::int AS count FROM offer_probes
    WHERE probed_at >= ${w.from} AND probed_at <= ${w.now} GROUP BY verdict`);
  const [rolled] = (await sqlQuery<{ probes: number; up: number; conformant: number }>(Prisma.sql`
    SELECT coalesce(sum(probes), 0)::int AS probes, coalesce(sum(up), 0)::int AS up, coalesce(sum(conformant), 0)::int AS conformant
    FROM offer_probe_days WHERE day >= (${w.from}::timestamptz AT TIME ZONE 'UTC')::date`)) as [
    { probes: number; up: number; conformant: number },
  ];
  const health = await sqlQuery<{ state: string; offers: number }>(Prisma.sql`
    SELECT coalesce(h.state, 'unprobed') AS state, count(*)::int AS offers
    FROM offers o LEFT JOIN offer_health h ON h.offer_id = o.id GROUP BY 1`);

  const counts: Record<Verdict, number> = {
    conformant: rolled.conformant,
    non_conformant: Math.max(0, rolled.up - rolled.conformant),
    unreachable: Math.max(0, rolled.probes - rolled.up),
  };
  for (const r of raw) if (r.verdict in counts) counts[r.verdict as Verdict] += r.count;
  const healthCounts = new Map(health.map((h) => [h.state, h.offers]));
  return {
    window: windowObject(w),
    probes: PROBE_VERDICTS.reduce((n, v) => n + counts[v], 0),
    verdicts: PROBE_VERDICTS.map((verdict) => ({ verdict, count: counts[verdict] })),
    healthNow: OFFER_HEALTH_STATES.map((state: HealthState) => ({ state, offers: healthCounts.get(state) ?? 0 })),
  };
}
