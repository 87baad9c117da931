-- Retention (server/retention/, docs/operations.md "Retention"): the scheduled purges every instance
-- shares, one leased row per purge (as batch_settlement_jobs), and what the purges need.
CREATE TABLE "retention_jobs" (
    "job" TEXT NOT NULL,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leased_until" TIMESTAMPTZ(3),
    "leased_by" TEXT,
    "last_result" JSONB,

    CONSTRAINT "retention_jobs_pkey" PRIMARY KEY ("job")
);

-- A completed observed call's stored answer (body and headers) is removed after
-- OBSERVER_ANSWER_RETENTION_DAYS while its record stays: answer_purged_at says when, and a replay
-- of the call then answers 410 observed_answer_expired.
ALTER TABLE "observed_calls" ADD COLUMN "answer_purged_at" TIMESTAMPTZ(3);

-- The answers still stored, oldest first (partial: the purged majority is not in it).
CREATE INDEX "observed_calls_answer_retention_idx" ON "observed_calls" ("completed_at")
    WHERE "state" = 'completed' AND "answer_purged_at" IS NULL;

-- better-auth's expired sessions and verifications are purged by their expiry.
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");
CREATE INDEX "verifications_expires_at_idx" ON "verifications"("expires_at");
