// The batch-settlement jobs in the app process (instrumentation.ts), like the probe scheduler and the
// test-job worker: every few seconds this instance tries to lease each due job (batch-jobs.ts) and
// runs the ones it got; the lease makes sure one instance runs a job at a time.
// BATCH_SETTLEMENT_JOBS_ENABLED=false starts nothing here; nothing starts while payment is off.
import { randomUUID } from "node:crypto";
import { env } from "../../env";
import { logger } from "../../logger";
import type { PaymentRuntime } from "../payment-runtime";
import {
  BATCH_JOBS,
  finishBatchJob,
  leaseBatchJob,
  runBatchJob,
  type BatchJob,
  type BatchJobSettings,
} from "./batch-jobs";

const TICK_MS = 5000;
// A failed run is tried again sooner than its interval, not at once (the facilitator may be down).
const RETRY_MS = 30_000;

export const batchJobSettingsFromEnv = (): BatchJobSettings => ({
  claimIntervalMs: env.BATCH_CLAIM_INTERVAL_SECONDS * 1000,
  refundIntervalMs: env.BATCH_REFUND_INTERVAL_SECONDS * 1000,
  refundIdleSeconds: env.BATCH_REFUND_IDLE_SECONDS,
  leaseMs: 5 * 60_000,
});

/** One pass: each due job this instance can lease, run and given back. Returns what ran. */
export async function batchSettlementPass(
  runtime: PaymentRuntime,
  instanceId: string,
  settings: BatchJobSettings,
): Promise<Partial<Record<BatchJob, Record<string, unknown>>>> {
  const ran: Partial<Record<BatchJob, Record<string, unknown>>> = {};
  for (const job of BATCH_JOBS) {
    if (!(await leaseBatchJob(job, instanceId, settings.leaseMs))) continue;
    const interval = job === "claim" ? settings.claimIntervalMs : settings.refundIntervalMs;
    try {
      ran[job] = await runBatchJob(runtime, job, settings);
      await finishBatchJob(job, instanceId, interval, ran[job]);
    } catch (err) {
      logger.warn({ err, job }, "batch-settlement job failed");
      ran[job] = { error: err instanceof Error ? err.message : String(err) };
      await finishBatchJob(job, instanceId, Math.min(interval, RETRY_MS), ran[job]).catch(() => undefined);
    }
  }
  return ran;
}

let timer: NodeJS.Timeout | undefined;

export function startBatchSettlement(runtime: PaymentRuntime): void {
  if (timer || env.BATCH_SETTLEMENT_JOBS_ENABLED !== "true" || !runtime.batch) return;
  const instanceId = `batch-${randomUUID()}`;
  const settings = batchJobSettingsFromEnv();
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    batchSettlementPass(runtime, instanceId, settings)
      .then((ran) => Object.keys(ran).length > 0 && logger.info({ ran }, "batch-settlement jobs ran"))
      .catch((err: unknown) => logger.warn({ err }, "batch-settlement pass failed"))
      .finally(() => (running = false));
  }, TICK_MS);
  timer.unref();
}
