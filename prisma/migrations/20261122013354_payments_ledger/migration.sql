-- AlterTable
ALTER TABLE "purchases" ADD COLUMN     "payment_payload" JSONB,
ADD COLUMN     "payment_requirements" JSONB,
ADD COLUMN     "request_body" JSONB,
ALTER COLUMN "response_body" SET DATA TYPE TEXT;

-- CreateTable
CREATE TABLE "local_balances" (
    "address" TEXT NOT NULL,
    "balance_atomic" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_balances_pkey" PRIMARY KEY ("address")
);

-- CreateTable
CREATE TABLE "local_transfers" (
    "transaction" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "pay_to" TEXT NOT NULL,
    "amount_atomic" BIGINT NOT NULL,
    "nonce" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_transfers_pkey" PRIMARY KEY ("transaction")
);

-- CreateIndex
CREATE UNIQUE INDEX "local_transfers_network_asset_payer_nonce_key" ON "local_transfers"("network", "asset", "payer", "nonce");
