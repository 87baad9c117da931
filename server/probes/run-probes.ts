// The probe scheduler in the app process (instrumentation.ts): started once the sandbox listens (its
// offers would otherwise be recorded unreachable on the first pass), or after a short wait when this
// instance's sandbox does not come up because another instance's serves the port; stopped with the
// process. PROBE_ENABLED=false starts nothing.
import { env } from "../env";
import { logger } from "../logger";
import { createProbeScheduler, type ProbeScheduler, type ProbeSettings } from "./probe-scheduler";

/** Waiting longer than this for the sandbox means another instance's sandbox serves its port. */
const SANDBOX_WAIT_MS = 15_000;

export const probeSettingsFromEnv = (): ProbeSettings => ({
  intervalMs: env.PROBE_INTERVAL_SECONDS * 1000,
  timeoutMs: env.PROBE_TIMEOUT_MS,
  maxBytes: env.PROBE_MAX_BYTES,
  hostConcurrency: env.PROBE_HOST_CONCURRENCY,
  hostSpacingMs: env.PROBE_HOST_SPACING_MS,
  concurrency: env.PROBE_CONCURRENCY,
});

const globalForProbes = globalThis as unknown as { marketplaceProbes?: ProbeScheduler };

export async function startProbes(sandboxReady: Promise<unknown>): Promise<void> {
  if (env.PROBE_ENABLED !== "true" || globalForProbes.marketplaceProbes) return;
  const scheduler = createProbeScheduler(probeSettingsFromEnv());
  globalForProbes.marketplaceProbes = scheduler;
  await Promise.race([
    sandboxReady.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SANDBOX_WAIT_MS).unref()),
  ]);
  if (globalForProbes.marketplaceProbes !== scheduler) return;
  scheduler.start();
  logger.info({ instance: scheduler.instanceId, ...probeSettingsFromEnv() }, "probe scheduler started");
  // Queued leases go back to the schedule at once so another instance takes them without waiting
  // for them to run out (best effort: a lease left behind runs out by itself). Only beside the
  // server's own handler (Next.js exits on these): a listener alone would keep the process alive.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    if (process.listenerCount(signal) > 0) process.once(signal, () => void stopProbes());
}

export async function stopProbes(): Promise<void> {
  const scheduler = globalForProbes.marketplaceProbes;
  globalForProbes.marketplaceProbes = undefined;
  await scheduler?.stop();
}
