// The test-job worker of one instance (like the probe scheduler: a loop in the app process, its state
// in PostgreSQL). It leases due jobs from the shared queue (server/test-jobs/test-job-queue.ts), at
// most `concurrency` at once, runs testService for each, renews each lease while its test runs, and
// writes the end: done ("tested", or "refused" when the address policy refused every offer: a retry
// would change nothing), or, when the test threw or every offer was over today's budget, due again
// later (backoff, or the next UTC day for the budget) until `maxAttempts` leases, then "failed" with
// the error. Finished jobs are purged by the scheduled retention (server/retention/retention-jobs.ts).
import { randomUUID } from "node:crypto";
import { logger } from "../logger";
import {
  failTestJob,
  finishTestJob,
  leaseTestJob,
  renewTestJobLease,
  type LeasedTestJob,
} from "../test-jobs/test-job-queue";
import type { TestJobTrigger } from "../test-jobs/enqueue-test-job";
import { testService, type ServiceTestReport } from "./test-service";

export interface TestJobSettings {
  /** Jobs this instance runs at once. */
  concurrency: number;
  /** Leases of one job before it is left failed. */
  maxAttempts: number;
}

export interface TestJobWorkerOptions extends TestJobSettings {
  /** This instance's name on its leases (default: random). */
  instanceId?: string;
  /** How long a lease lasts unrenewed: how soon a dead instance's job is taken again (default 60 s). */
  leaseMs?: number;
  /** The wait before attempt n + 1 after the nth failed (default 1 min doubling, at most 1 h). */
  backoffMs?: (attempts: number) => number;
  /** Nothing due: look again this often (default 5 s). */
  pollMs?: number;
  /** The test run (default testService; tests put a failing one). */
  run?: (serviceId: string, trigger: TestJobTrigger) => Promise<ServiceTestReport>;
}

export interface TestJobWorker {
  readonly instanceId: string;
  start(): void;
  /** Stops leasing and waits for the tests in flight. */
  stop(): Promise<void>;
  /** Resolves the next time the worker finds nothing due and has nothing running (tests). */
  idle(): Promise<void>;
  /** Jobs this worker ran to an end it wrote (done, retry or failed). */
  readonly ran: number;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 5_000;
const ERROR_BACKOFF_MS = 5_000;
const defaultBackoff = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Milliseconds until the next UTC day begins (when the daily test budget starts again). */
export function msUntilNextUtcDay(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return next - now.getTime();
}

type RunEnd = { kind: "done"; outcome: "tested" | "refused" } | { kind: "retry"; error: string; inMs: number };

/** What one run of a job ends in, from testService's report. */
export function runEnd(report: ServiceTestReport, attempts: number, backoff: (a: number) => number): RunEnd {
  const outcomes = report.tests.map((t) => t.outcome);
  if (outcomes.some((o) => o === "output" || o === "no-output")) return { kind: "done", outcome: "tested" };
  if (outcomes.includes("skipped-budget"))
    return {
      kind: "retry",
      error: "Every offer that could be tested was over today's test budget; tried again the next UTC day.",
      inMs: Math.max(backoff(attempts), msUntilNextUtcDay()),
    };
  return { kind: "done", outcome: "refused" };
}

export function createTestJobWorker(options: TestJobWorkerOptions): TestJobWorker {
  const instanceId = options.instanceId ?? `tests-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const backoff = options.backoffMs ?? defaultBackoff;
  const run = options.run ?? testService;
  const running = new Set<Promise<void>>();
  let stopped = true;
  let pumping: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let ran = 0;
  let idleWaiters: (() => void)[] = [];

  function wake(inMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), Math.max(0, inMs));
    timer.unref();
  }

  async function end(job: LeasedTestJob, result: RunEnd): Promise<void> {
    const last = job.attempts >= options.maxAttempts;
    const written =
      result.kind === "done"
        ? await finishTestJob(instanceId, job.id, result.outcome)
        : await failTestJob(instanceId, job.id, result.error, last ? null : result.inMs);
    if (written) ran += 1;
    // Another instance took the job over (this one's lease had run out): its run is the one that counts.
    else logger.warn({ jobId: job.id, serviceId: job.serviceId }, "a test job's lease was lost before its end");
  }

  async function runJob(job: LeasedTestJob): Promise<void> {
    // Renewed at a third of the lease, so a slow test is never taken over while this instance lives.
    const renewal = setInterval(
      () =>
        void renewTestJobLease(instanceId, job.id, leaseMs).catch((err: unknown) =>
          logger.warn({ err, jobId: job.id }, "renewing a test job's lease failed"),
        ),
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    let result: RunEnd;
    try {
      result = runEnd(await run(job.serviceId, job.trigger), job.attempts, backoff);
    } catch (err) {
      const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      result = { kind: "retry", error, inMs: backoff(job.attempts) };
      logger.warn({ err, jobId: job.id, serviceId: job.serviceId, attempts: job.attempts }, "a test job failed");
    } finally {
      clearInterval(renewal);
    }
    try {
      await end(job, result);
    } catch (err) {
      // The lease runs out and the job is taken again (by any instance).
      logger.warn({ err, jobId: job.id }, "writing a test job's end failed");
    }
  }

  function pump(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = pass().finally(() => (pumping = undefined));
    return pumping;
  }

  async function pass(): Promise<void> {
    let wait = pollMs;
    try {
      while (!stopped && running.size < options.concurrency) {
        const job = await leaseTestJob(instanceId, leaseMs);
        if (!job) break;
        const p = runJob(job).finally(() => {
          running.delete(p);
          wake(0);
        });
        running.add(p);
      }
      if (running.size === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
    } catch (err) {
      logger.warn({ err }, "test job worker pass failed");
      wait = ERROR_BACKOFF_MS;
    }
    const soon = again;
    again = false;
    // At the cap a finished job wakes the worker; below it, look again after the poll interval.
    wake(soon ? 0 : wait);
  }

  return {
    instanceId,
    get ran() {
      return ran;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      wake(0);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await pumping;
      await Promise.allSettled([...running]);
      for (const w of idleWaiters) w();
      idleWaiters = [];
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (stopped) resolve();
        else wake(0);
      });
    },
  };
}
