// Rate-limit refusals (429s) by limiter, as this instance counted them for GET /metrics
// (marketplace_rate_limit_refusals_total). The limiters decide in memory and in PostgreSQL but record
// no refusal rows (a flood of refusals must not become a flood of writes), so the figures are this
// process's since it started, not a range's: the panel says so, and a scraper sums the instances.
import { metrics } from "../metrics/metrics";
import type { RefusalsPanel } from "./dashboard-schema";

export async function refusalsPanel(now: Date = new Date()): Promise<RefusalsPanel> {
  const { values } = await metrics().rateLimitRefusals.get();
  const limiters = values
    .map((v) => ({ limiter: String(v.labels.limiter ?? "unknown"), refusals: Math.round(v.value) }))
    .filter((l) => l.refusals > 0)
    .sort((a, b) => b.refusals - a.refusals || a.limiter.localeCompare(b.limiter));
  return {
    since: new Date(now.getTime() - Math.round(process.uptime() * 1000)).toISOString(),
    total: limiters.reduce((n, l) => n + l.refusals, 0),
    limiters,
  };
}
