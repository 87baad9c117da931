-- A provider's own receipt backing a review ("verified purchase", docs/decisions.md "Receipts"): an
-- EIP-712 receipt signed with the key of the offer's payTo, for a payer that is the reviewer's wallet.
-- provider_receipt_key is what makes two receipts one purchase (its transaction, else the typed-data
-- hash of the payload): one review per receipt, decided by the unique index when two race.
-- provider_receipt keeps the receipt as presented, the offer it was matched to and that offer's price.
ALTER TABLE "reviews" ADD COLUMN "provider_receipt_key" TEXT,
    ADD COLUMN "provider_receipt" JSONB;
CREATE UNIQUE INDEX "reviews_provider_receipt_key_key" ON "reviews"("provider_receipt_key");
