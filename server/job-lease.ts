// A leased job row, shared by every instance (batch_settlement_jobs, retention_jobs: one row per job
// with next_run_at, leased_until, leased_by, last_result). An instance takes a due row with FOR UPDATE
// SKIP LOCKED and stamps its lease in the same statement, so a job runs on one instance at a time and
// once per interval; a job whose instance died is taken again once its lease has run out.
import { Prisma } from "./generated/prisma/client";
import { sqlQuery } from "./db";

/** The tables built for it (a fixed list: the name is spliced into the statements). */
export type JobTable = "batch_settlement_jobs" | "retention_jobs";

export function jobLease(table: JobTable) {
  const t = Prisma.raw(table);
  return {
    /** Takes the job when it is due and nobody holds it; false otherwise. */
    async lease(job: string, instanceId: string, leaseMs: number): Promise<boolean> {
      await sqlQuery(Prisma.sql`INSERT INTO ${t} (job) VALUES (${job}) ON CONFLICT (job) DO NOTHING`);
      const rows = await sqlQuery<{ job: string }>(Prisma.sql`
        UPDATE ${t} SET leased_until = now() + make_interval(secs => ${leaseMs / 1000}::float8), leased_by = ${instanceId}
        WHERE job = (
          SELECT job FROM ${t}
          WHERE job = ${job} AND next_run_at <= now() AND (leased_until IS NULL OR leased_until < now())
          FOR UPDATE SKIP LOCKED)
        RETURNING job`);
      return rows.length === 1;
    },
    /** Gives the job back, due again in `nextInMs`, with what its run did. */
    async finish(job: string, instanceId: string, nextInMs: number, result: unknown): Promise<void> {
      await sqlQuery(Prisma.sql`
        UPDATE ${t} SET leased_until = NULL, leased_by = NULL, last_result = ${JSON.stringify(result)}::jsonb,
          next_run_at = now() + make_interval(secs => ${nextInMs / 1000}::float8)
        WHERE job = ${job} AND leased_by = ${instanceId}`);
    },
  };
}
