-- People and reviews (issue 10): comment edits and moderation, idempotent writes, the auth secret.

-- Comments: edited, deleted by their author, or hidden by an operator. Deleted and hidden rows stay
-- for audit, and only published ones are counted and shown.
ALTER TABLE "comments" ADD COLUMN "updated_at" TIMESTAMPTZ(3);
ALTER TABLE "comments" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
ALTER TABLE "comments" ADD COLUMN "hidden_at" TIMESTAMPTZ(3);
ALTER TABLE "comments" ADD COLUMN "hidden_by_id" TEXT;
ALTER TABLE "comments" ADD COLUMN "hidden_reason" TEXT;
CREATE INDEX "comments_status_created_at_idx" ON "comments"("status", "created_at");

-- The moderation queue: reviews not yet human-reviewed, oldest first.
CREATE INDEX "reviews_human_review_status_created_at_id_idx" ON "reviews"("human_review_status", "created_at", "id");

-- Who wrote each revision (the review's author at the time), for the history.
ALTER TABLE "review_revisions" ADD COLUMN "token_id" UUID;

-- Idempotent writes: one row per (actor, Idempotency-Key). The write and this row commit in one
-- transaction, so a retried or concurrent duplicate answers the stored response and writes nothing.
CREATE TABLE "write_requests" (
    "actor_key" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "write_requests_pkey" PRIMARY KEY ("actor_key", "key")
);
CREATE INDEX "write_requests_created_at_idx" ON "write_requests"("created_at");

-- Secrets the instances share (the session-signing secret when BETTER_AUTH_SECRET is unset).
CREATE TABLE "app_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);
