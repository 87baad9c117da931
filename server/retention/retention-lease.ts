// The retention jobs' schedule, shared by every instance: one retention_jobs row per job. An instance
// takes a due row with FOR UPDATE SKIP LOCKED and stamps its lease in the same statement (as
// batch_settlement_jobs and the probe schedule do), so a job runs on one instance at a time and once
// per interval whatever the number of instances; a job whose instance died is taken again once its
// lease has run out (should that happen mid-run anyway, the batches' SKIP LOCKED keeps the two runs
// on different rows).
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";

/** Takes the job when it is due and nobody holds it; false otherwise. */
export async function leaseRetentionJob(job: string, instanceId: string, leaseMs: number): Promise<boolean> {
  await sqlQuery(Prisma.sql`INSERT INTO retention_jobs (job) VALUES (${job}) ON CONFLICT (job) DO NOTHING`);
  const rows = await sqlQuery<{ job: string }>(Prisma.sql`
    UPDATE retention_jobs SET leased_until = now() + make_interval(secs => ${leaseMs / 1000}::float8), leased_by = ${instanceId}
    WHERE job = (
      SELECT job FROM retention_jobs
      WHERE job = ${job} AND next_run_at <= now() AND (leased_until IS NULL OR leased_until < now())
      FOR UPDATE SKIP LOCKED)
    RETURNING job`);
  return rows.length === 1;
}

/** Gives the job back, due again in `nextInMs`, with what its run did. */
export async function finishRetentionJob(
  job: string,
  instanceId: string,
  nextInMs: number,
  result: unknown,
): Promise<void> {
  await sqlQuery(Prisma.sql`
    UPDATE retention_jobs SET leased_until = NULL, leased_by = NULL, last_result = ${JSON.stringify(result)}::jsonb,
      next_run_at = now() + make_interval(secs => ${nextInMs / 1000}::float8)
    WHERE job = ${job} AND leased_by = ${instanceId}`);
}
