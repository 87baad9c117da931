// The retention in the app process (instrumentation.ts), like the batch-settlement jobs: every minute
// this instance tries to lease each due retention job (retention-lease.ts) and runs the ones it got,
// one after another, each in bounded batches (retention-jobs.ts). A job is due again after
// RETENTION_INTERVAL_SECONDS, or after a minute when its run stopped at its batch bound (a backlog
// drains a bounded run at a time). RETENTION_ENABLED=false starts nothing here (another instance does).
import { randomUUID } from "node:crypto";
import { env } from "../env";
import { logger } from "../logger";
import { finishRetentionJob, leaseRetentionJob } from "./retention-lease";
import { RETENTION_JOBS, type JobResult, type RetentionJob, type RetentionSettings } from "./retention-jobs";

const TICK_MS = 60_000;
/** Longer than a bounded run (20 statements of one short batch each, with pauses). */
const LEASE_MS = 15 * 60_000;
/** A run that stopped at its bound, or failed, is due again this soon. */
const AGAIN_MS = 60_000;

export interface RetentionPassOptions extends RetentionSettings {
  intervalMs: number;
  leaseMs?: number;
  jobs?: readonly RetentionJob[];
}

export const retentionSettingsFromEnv = (): RetentionPassOptions => ({
  intervalMs: env.RETENTION_INTERVAL_SECONDS * 1000,
  observerAnswerDays: env.OBSERVER_ANSWER_RETENTION_DAYS,
  probeDays: env.PROBE_RETENTION_DAYS,
});

/** One pass: each due job this instance can lease, run and given back. Returns what ran. */
export async function retentionPass(
  instanceId: string,
  options: RetentionPassOptions,
): Promise<Record<string, JobResult | { error: string }>> {
  const ran: Record<string, JobResult | { error: string }> = {};
  for (const job of options.jobs ?? RETENTION_JOBS) {
    if (!(await leaseRetentionJob(job.name, instanceId, options.leaseMs ?? LEASE_MS))) continue;
    try {
      const result = await job.run(options);
      ran[job.name] = result;
      await finishRetentionJob(job.name, instanceId, result.more ? AGAIN_MS : options.intervalMs, result);
    } catch (err) {
      logger.warn({ err, job: job.name }, "retention job failed");
      ran[job.name] = { error: err instanceof Error ? err.message : String(err) };
      await finishRetentionJob(job.name, instanceId, AGAIN_MS, ran[job.name]).catch(() => undefined);
    }
  }
  return ran;
}

const globalForRetention = globalThis as unknown as { marketplaceRetention?: NodeJS.Timeout };

export function startRetention(): void {
  if (env.RETENTION_ENABLED !== "true" || globalForRetention.marketplaceRetention) return;
  const instanceId = `retention-${randomUUID()}`;
  const options = retentionSettingsFromEnv();
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    retentionPass(instanceId, options)
      .then((ran) => {
        const purged = Object.entries(ran).filter(([, r]) => "error" in r || r.purged > 0);
        if (purged.length > 0) logger.info({ ran: Object.fromEntries(purged) }, "retention ran");
      })
      .catch((err: unknown) => logger.warn({ err }, "retention pass failed"))
      .finally(() => (running = false));
  };
  globalForRetention.marketplaceRetention = setInterval(tick, TICK_MS);
  globalForRetention.marketplaceRetention.unref();
  logger.info({ instance: instanceId, ...options }, "retention scheduler started");
}
