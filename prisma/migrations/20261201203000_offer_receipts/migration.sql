-- Signed receipts (offer-receipt extension) and verified-purchase reviews (docs/decisions.md "Receipts").

-- The marketplace receipt-signing keys (kid = did:web:<the BASE_URL host>#<key_id>, derived when used): the first instance to need one makes it: rotation retires
-- the active key (its public half stays published so its receipts still verify) and makes a new one.
CREATE TABLE "receipt_signing_keys" (
    "key_id" TEXT NOT NULL,
    "private_jwk" JSONB NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" TIMESTAMPTZ(3),
    CONSTRAINT "receipt_signing_keys_pkey" PRIMARY KEY ("key_id")
);
-- At most one active key: concurrent first uses (two instances) agree on one.
CREATE UNIQUE INDEX "receipt_signing_keys_one_active" ON "receipt_signing_keys"((true)) WHERE "retired_at" IS NULL;

-- A paid observed call receipt (the SignedReceipt JSON as sent, replayed with the answer), its
-- hash (how a presented receipt finds its call) and the catalogued price the call paid.
ALTER TABLE "observed_calls" ADD COLUMN "receipt" TEXT,
    ADD COLUMN "receipt_hash" TEXT,
    ADD COLUMN "amount_atomic" BIGINT,
    ADD COLUMN "asset" TEXT;
CREATE UNIQUE INDEX "observed_calls_receipt_hash_key" ON "observed_calls"("receipt_hash");

-- The observed call whose receipt backs the review ("verified purchase"): one review per receipt.
ALTER TABLE "reviews" ADD COLUMN "receipt_call_id" UUID;
CREATE UNIQUE INDEX "reviews_receipt_call_id_key" ON "reviews"("receipt_call_id");
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_receipt_call_id_fkey" FOREIGN KEY ("receipt_call_id") REFERENCES "observed_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "reviews_service_receipt_idx" ON "reviews"("service_id", "created_at" DESC) WHERE "receipt_call_id" IS NOT NULL;
