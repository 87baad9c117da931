// The test-job worker in the app process (instrumentation.ts), started like the probes once the
// sandbox listens (or after a short wait when another instance's sandbox serves the port), stopped with
// the process. Nothing starts when TEST_JOBS_ENABLED=false or when this instance cannot pay for a test
// (an x402 facilitator and no TEST_WALLET_PRIVATE_KEY): the jobs wait for an instance that can.
import { env } from "../env";
import { logger } from "../logger";
import { paymentConfigFromEnv } from "../payments/payment-config";
import { createTestJobWorker, type TestJobSettings, type TestJobWorker } from "./test-job-worker";

const SANDBOX_WAIT_MS = 15_000;

export const testJobSettingsFromEnv = (): TestJobSettings => ({
  concurrency: env.TEST_JOBS_CONCURRENCY,
  maxAttempts: env.TEST_JOBS_MAX_ATTEMPTS,
});

/** False when this instance runs no test job (switched off, or no wallet to pay with). */
export const testJobsRunHere = (): boolean =>
  env.TEST_JOBS_ENABLED === "true" &&
  (env.TEST_WALLET_PRIVATE_KEY !== undefined || paymentConfigFromEnv().mode === "local");

const globalForTestJobs = globalThis as unknown as { marketplaceTestJobs?: TestJobWorker };

export async function startTestJobs(sandboxReady: Promise<unknown>): Promise<void> {
  if (!testJobsRunHere() || globalForTestJobs.marketplaceTestJobs) return;
  const worker = createTestJobWorker(testJobSettingsFromEnv());
  globalForTestJobs.marketplaceTestJobs = worker;
  await Promise.race([
    sandboxReady.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SANDBOX_WAIT_MS).unref()),
  ]);
  if (globalForTestJobs.marketplaceTestJobs !== worker) return;
  worker.start();
  logger.info({ instance: worker.instanceId, ...testJobSettingsFromEnv() }, "test job worker started");
  // Only beside the server's own handler (Next.js exits on these): a listener alone would keep the
  // process alive. A test cut short by the exit is taken again by any instance when its lease runs out.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    if (process.listenerCount(signal) > 0) process.once(signal, () => void stopTestJobs());
}

export async function stopTestJobs(): Promise<void> {
  const worker = globalForTestJobs.marketplaceTestJobs;
  globalForTestJobs.marketplaceTestJobs = undefined;
  await worker?.stop();
}
