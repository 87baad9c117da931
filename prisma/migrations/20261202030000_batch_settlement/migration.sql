-- x402 batch-settlement (docs/decisions.md "Batch settlement"): the seller's channel records, shared
-- by every instance (batch_channels, changed only under the row's lock), the leased claim, settle and
-- refund jobs (batch_settlement_jobs), and the local facilitator's emulation of the escrow contract
-- on its ledger: channels, receivers' claimed and settled totals, and its transactions.
CREATE TABLE "local_escrow_channels" (
    "channel_id" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "receiver" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "balance_atomic" BIGINT NOT NULL DEFAULT 0,
    "total_claimed_atomic" BIGINT NOT NULL DEFAULT 0,
    "refund_nonce" BIGINT NOT NULL DEFAULT 0,
    "withdraw_requested_at" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_escrow_channels_pkey" PRIMARY KEY ("channel_id")
);

CREATE TABLE "local_escrow_receivers" (
    "receiver" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "total_claimed_atomic" BIGINT NOT NULL DEFAULT 0,
    "total_settled_atomic" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "local_escrow_receivers_pkey" PRIMARY KEY ("receiver","token")
);

CREATE TABLE "local_escrow_transactions" (
    "transaction" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount_atomic" BIGINT NOT NULL,
    "subject" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_escrow_transactions_pkey" PRIMARY KEY ("transaction")
);

CREATE TABLE "batch_channels" (
    "channel_id" TEXT NOT NULL,
    "record" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "batch_channels_pkey" PRIMARY KEY ("channel_id")
);

CREATE TABLE "batch_settlement_jobs" (
    "job" TEXT NOT NULL,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leased_until" TIMESTAMPTZ(3),
    "leased_by" TEXT,
    "last_result" JSONB,

    CONSTRAINT "batch_settlement_jobs_pkey" PRIMARY KEY ("job")
);
