-- Idempotency keys are scoped per payer (docs/decisions.md, Payments).
DROP INDEX "purchases_idempotency_key_key";

-- Every purchase row is claimed with its payer.
ALTER TABLE "purchases" ALTER COLUMN "payer" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "purchases_payer_idempotency_key_key" ON "purchases"("payer", "idempotency_key");

-- In-progress purchases are marked by an advisory lock, not a column.
ALTER TABLE "purchases" DROP COLUMN "locked_at";
