-- The marketplace tests' job queue (server/test-jobs/, docs/decisions.md "Marketplace tests"): a test
-- owed after a listing approval or a payment-terms change, enqueued in the event's own transaction and
-- leased by any instance with FOR UPDATE SKIP LOCKED. At most one pending job per (service, trigger):
-- a second event while one waits adds nothing (one that comes while it runs asks for one more run,
-- "rerun"). Finished rows ("done", "failed") are kept as history for 30 days, then purged by the worker.
CREATE TABLE "service_test_jobs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "service_id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leased_by" TEXT,
    "leased_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "rerun" BOOLEAN NOT NULL DEFAULT false,
    "outcome" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "service_test_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "service_test_jobs_trigger_check" CHECK ("trigger" IN ('approval', 'terms_change')),
    CONSTRAINT "service_test_jobs_state_check" CHECK ("state" IN ('pending', 'done', 'failed')),
    CONSTRAINT "service_test_jobs_finished_check" CHECK (("state" = 'pending') = ("finished_at" IS NULL))
);

CREATE UNIQUE INDEX "service_test_jobs_pending_key" ON "service_test_jobs"("service_id", "trigger") WHERE "state" = 'pending';

CREATE INDEX "service_test_jobs_due_idx" ON "service_test_jobs"("due_at") WHERE "state" = 'pending';

CREATE INDEX "service_test_jobs_finished_at_idx" ON "service_test_jobs"("finished_at") WHERE "state" <> 'pending';

CREATE INDEX "service_test_jobs_service_id_idx" ON "service_test_jobs"("service_id");

ALTER TABLE "service_test_jobs" ADD CONSTRAINT "service_test_jobs_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
