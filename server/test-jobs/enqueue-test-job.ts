// Enqueues a marketplace test in the caller's transaction, so the job commits or rolls back with the
// event that owes it (a listing approval, a payment-terms change noted or confirmed). Here, below the
// listings and the probes, so both can enqueue without importing the marketplace tests that run the
// jobs (server/marketplace-tests/test-job-worker.ts). At most one pending job per (service, trigger),
// by a partial unique index: a second event while one waits adds nothing; one that comes while the job
// runs (its lease held) marks it to run once more, since that run may have started before the event.
import { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";

export const TEST_JOB_TRIGGERS = ["approval", "terms_change"] as const;
export type TestJobTrigger = (typeof TEST_JOB_TRIGGERS)[number];

const onConflict = Prisma.sql`
  ON CONFLICT (service_id, trigger) WHERE state = 'pending' DO UPDATE SET rerun = true
  WHERE j.leased_until > now() AND NOT j.rerun`;

/** Owes the service a test for `trigger`; true when a job was added (false: one was pending already). */
export async function enqueueServiceTest(tx: DbClient, serviceId: string, trigger: TestJobTrigger): Promise<boolean> {
  const rows = await tx.$queryRaw<{ added: boolean }[]>(Prisma.sql`
    INSERT INTO service_test_jobs AS j (service_id, trigger) VALUES (${serviceId}, ${trigger})
    ${onConflict}
    RETURNING (xmax = 0) AS added`);
  return rows[0]?.added ?? false;
}

/**
 * The re-test rule after a payment-terms change of `offerId`: its service is owed a test only if it
 * was tested before (a completed test, output or not) and the offer routes now (no open blocking
 * change: a payee, network or asset change waits for the operator's confirmation, which calls this
 * again). Services never tested are left to their approval or an operator. Run in the transaction
 * that wrote the change, so it sees it. True when a job was added.
 */
export async function enqueueRetestAfterTermsChange(tx: DbClient, offerId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ added: boolean }[]>(Prisma.sql`
    INSERT INTO service_test_jobs AS j (service_id, trigger)
    SELECT o.service_id, 'terms_change' FROM offers o
    WHERE o.id = ${offerId}
      AND EXISTS (SELECT 1 FROM service_tests t WHERE t.service_id = o.service_id AND t.outcome IN ('output', 'no-output'))
      AND NOT EXISTS (SELECT 1 FROM offer_terms_changes c WHERE c.offer_id = o.id AND c.resolved_at IS NULL AND c.blocking)
    ${onConflict}
    RETURNING (xmax = 0) AS added`);
  return rows[0]?.added ?? false;
}
