// The shared queue of marketplace test jobs (service_test_jobs), like the probes' schedule
// (server/probes/probe-schedule.ts): an instance leases one due job with FOR UPDATE SKIP LOCKED and
// stamps its lease in the same statement, renews the lease while the test runs, and writes the end
// only while it still holds the lease. Two instances never take the same job; a dead instance's job
// is taken again once its lease has run out. Every lease counts as an attempt (so a job that kills
// its instance is not retried for ever).
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";
import type { TestJobTrigger } from "./enqueue-test-job";

export interface LeasedTestJob {
  id: string;
  serviceId: string;
  trigger: TestJobTrigger;
  /** This lease included. */
  attempts: number;
}

/**
 * Leases the oldest due job, or null. A job whose service has another job running now (another
 * trigger, any instance) waits, so one service's offers are not paid for twice at once; two leases in
 * the same instant may still both start (then the per-service lock of testService orders their writes).
 */
export async function leaseTestJob(instanceId: string, leaseMs: number): Promise<LeasedTestJob | null> {
  const [row] = await sqlQuery<{ id: string; service_id: string; trigger: TestJobTrigger; attempts: number }>(
    Prisma.sql`
    WITH next AS (
      SELECT j.id FROM service_test_jobs j
      WHERE j.state = 'pending' AND j.due_at <= now() AND (j.leased_until IS NULL OR j.leased_until < now())
        AND NOT EXISTS (SELECT 1 FROM service_test_jobs r
                        WHERE r.service_id = j.service_id AND r.id <> j.id AND r.state = 'pending' AND r.leased_until >= now())
      ORDER BY j.due_at, j.created_at, j.id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE service_test_jobs j
    SET leased_by = ${instanceId}, leased_until = now() + ${leaseMs}::int * interval '1 millisecond', attempts = j.attempts + 1
    FROM next WHERE j.id = next.id
    RETURNING j.id::text, j.service_id, j.trigger, j.attempts`,
  );
  return row ? { id: row.id, serviceId: row.service_id, trigger: row.trigger, attempts: row.attempts } : null;
}

/** Extends the lease while its test runs; false when this instance no longer holds it. */
export async function renewTestJobLease(instanceId: string, jobId: string, leaseMs: number): Promise<boolean> {
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`
    UPDATE service_test_jobs SET leased_until = now() + ${leaseMs}::int * interval '1 millisecond'
    WHERE id = ${jobId}::uuid AND state = 'pending' AND leased_by = ${instanceId}
    RETURNING id::text`);
  return rows.length > 0;
}

export type TestJobOutcome = "tested" | "refused";

/** A job whose run ended: done with its outcome, or, when an event asked for a rerun meanwhile, due again now. */
export async function finishTestJob(instanceId: string, jobId: string, outcome: TestJobOutcome): Promise<boolean> {
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`
    UPDATE service_test_jobs SET
      state = CASE WHEN rerun THEN 'pending' ELSE 'done' END,
      outcome = CASE WHEN rerun THEN NULL ELSE ${outcome} END,
      finished_at = CASE WHEN rerun THEN NULL ELSE now() END,
      due_at = CASE WHEN rerun THEN now() ELSE due_at END,
      attempts = CASE WHEN rerun THEN 0 ELSE attempts END,
      rerun = false, leased_by = NULL, leased_until = NULL
    WHERE id = ${jobId}::uuid AND state = 'pending' AND leased_by = ${instanceId}
    RETURNING id::text`);
  return rows.length > 0;
}

/**
 * A run that did not test: due again after `retryInMs` (null: no attempt left, the job is left
 * "failed" with its error). A rerun asked for meanwhile makes it due now with its attempts reset.
 */
export async function failTestJob(
  instanceId: string,
  jobId: string,
  error: string,
  retryInMs: number | null,
): Promise<boolean> {
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`
    UPDATE service_test_jobs SET
      state = CASE WHEN rerun OR ${retryInMs}::int IS NOT NULL THEN 'pending' ELSE 'failed' END,
      finished_at = CASE WHEN rerun OR ${retryInMs}::int IS NOT NULL THEN NULL ELSE now() END,
      due_at = CASE WHEN rerun THEN now()
                    WHEN ${retryInMs}::int IS NOT NULL THEN now() + ${retryInMs}::int * interval '1 millisecond'
                    ELSE due_at END,
      attempts = CASE WHEN rerun THEN 0 ELSE attempts END,
      rerun = false, leased_by = NULL, leased_until = NULL, last_error = left(${error}, 2000)
    WHERE id = ${jobId}::uuid AND state = 'pending' AND leased_by = ${instanceId}
    RETURNING id::text`);
  return rows.length > 0;
}
