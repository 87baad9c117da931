-- The observer route (issue 11): calls through the marketplace, offers that say how they are paid
-- and reached, and reviews backed by a paid call.

-- One row per (token, offer, Idempotency-Key): the claim of a call through the observer, then its
-- outcome and the stored answer that a retry with the same key replays. No foreign keys, so the
-- record of a call outlives a re-imported offer or a deleted token (audit and the 30-day figures).
CREATE TABLE "observed_calls" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "offer_id" TEXT NOT NULL,
    "service_id" TEXT NOT NULL,
    "token_id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'in_flight',
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "method" TEXT NOT NULL,
    "status" INTEGER,
    "outcome" TEXT,
    "latency_ms" INTEGER,
    "request_bytes" INTEGER NOT NULL DEFAULT 0,
    "response_bytes" INTEGER,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "payer" TEXT,
    "transaction" TEXT,
    "network" TEXT,
    "response_headers" JSONB,
    "response_body" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "observed_calls_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "observed_calls_token_id_offer_id_idempotency_key_key" ON "observed_calls"("token_id", "offer_id", "idempotency_key");
CREATE INDEX "observed_calls_service_id_created_at_idx" ON "observed_calls"("service_id", "created_at");
CREATE INDEX "observed_calls_offer_id_created_at_idx" ON "observed_calls"("offer_id", "created_at");
CREATE INDEX "observed_calls_paid_token_service_idx" ON "observed_calls"("token_id", "service_id") WHERE "paid";

-- How an offer is paid: the x402 payment requirements a discovery list carries (network, asset,
-- payTo). test_mode marks an offer registered by the local demo provider: the observer may reach
-- its loopback address, and only while no real money can move (see docs/decisions.md).
ALTER TABLE "offers" ADD COLUMN "network" TEXT;
ALTER TABLE "offers" ADD COLUMN "asset" TEXT;
ALTER TABLE "offers" ADD COLUMN "pay_to" TEXT;
ALTER TABLE "offers" ADD COLUMN "max_timeout_seconds" INTEGER;
ALTER TABLE "offers" ADD COLUMN "test_mode" BOOLEAN NOT NULL DEFAULT false;

-- A review written with a token that made a paid call to the service through the observer.
-- (The partial unique index on (token_id, service_id) of migration 202611230606b0 finds it.)
ALTER TABLE "reviews" ADD COLUMN "verified_call_at" TIMESTAMPTZ(3);
