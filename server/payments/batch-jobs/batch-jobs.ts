// The batch-settlement jobs every instance shares: "claim" (the channels' new vouchers claimed in
// batches, then the claimed funds settled to the pay-to address) and "refund" (the unclaimed rest of
// idle channels returned to their payers), each run by the library's channel manager. One
// batch_settlement_jobs row per job: an instance takes a due row with FOR UPDATE SKIP LOCKED and
// stamps its lease in the same statement (as the probe schedule does), so a job never runs on two
// instances at once, and a job whose instance died is taken again once its lease has run out. Should
// a lease run out mid-job anyway, the escrow refuses a claim that does not raise a channel's total.
import { logger } from "../../logger";
import { jobLease } from "../../job-lease";
import { X402_ASSET, X402_NETWORK } from "../payment-network";
import type { PaymentRuntime } from "../payment-runtime";

export type BatchJob = "claim" | "refund";
export const BATCH_JOBS: readonly BatchJob[] = ["claim", "refund"];

export interface BatchJobSettings {
  claimIntervalMs: number;
  refundIntervalMs: number;
  refundIdleSeconds: number;
  leaseMs: number;
}

const batchJobs = jobLease("batch_settlement_jobs");
/** Takes the job when it is due and nobody holds it; false otherwise. */
export const leaseBatchJob: (job: BatchJob, instanceId: string, leaseMs: number) => Promise<boolean> = batchJobs.lease;
/** Gives the job back, due again in `nextInMs`, with what its run did. */
export const finishBatchJob: (job: BatchJob, instanceId: string, nextInMs: number, result: unknown) => Promise<void> =
  batchJobs.finish;

const NOTHING_TO_SETTLE = "invalid_batch_settlement_evm_nothing_to_settle";

/** One run of a job with the library's channel manager over this runtime's channels and facilitator. */
export async function runBatchJob(
  runtime: PaymentRuntime,
  job: BatchJob,
  settings: Pick<BatchJobSettings, "refundIdleSeconds">,
): Promise<Record<string, unknown>> {
  if (!runtime.batch) return { skipped: "payment off" };
  const manager = runtime.batch.createChannelManager(runtime.facilitator, X402_NETWORK, X402_ASSET as `0x${string}`);
  if (job === "refund") {
    // Channel by channel (the library's refundIdleChannels stops at the first failure, and a channel
    // whose deposit is all spent has nothing to refund): idle, and holding more than was charged.
    const idleBefore = Date.now() - settings.refundIdleSeconds * 1000;
    const idle = (await runtime.batch.getStorage().list()).filter(
      (c) => c.lastRequestTimestamp <= idleBefore && BigInt(c.balance) > BigInt(c.chargedCumulativeAmount),
    );
    const refunds: string[] = [];
    const failed: string[] = [];
    for (const channel of idle) {
      const [done] = await manager.refund([channel.channelId]).catch((err: unknown) => {
        logger.warn({ err, channel: channel.channelId }, "refund of an idle channel failed");
        failed.push(channel.channelId);
        return [];
      });
      if (done) refunds.push(done.transaction);
    }
    return { refunds: refunds.length, transactions: refunds, ...(failed.length > 0 && { failed }) };
  }
  const claims = await manager.claim();
  // Settled even when nothing was claimed now: an earlier run may have claimed and failed to settle.
  const settle = await manager.settle().catch((err: unknown) => {
    if (err instanceof Error && err.message.includes(NOTHING_TO_SETTLE)) return undefined;
    throw err;
  });
  return {
    claims: claims.length,
    vouchers: claims.reduce((n, c) => n + c.vouchers, 0),
    ...(settle && { settled: settle.transaction }),
  };
}
