-- Payee proofs of listings (issue 27 item 2): the EIP-712 challenges handed out (single use) and every
-- accepted proof.
CREATE TABLE "listing_payee_challenges" (
    "nonce" TEXT NOT NULL,
    "listing_id" UUID NOT NULL,
    "pay_to" TEXT NOT NULL,
    "typed_data" JSONB NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),

    CONSTRAINT "listing_payee_challenges_pkey" PRIMARY KEY ("nonce")
);

CREATE TABLE "listing_payee_proofs" (
    "id" UUID NOT NULL,
    "listing_id" UUID NOT NULL,
    "pay_to" TEXT NOT NULL,
    "signer" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "verified_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "listing_payee_proofs_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "listing_payee_challenges_listing_id_expires_at_idx" ON "listing_payee_challenges"("listing_id", "expires_at");

CREATE UNIQUE INDEX "listing_payee_proofs_nonce_key" ON "listing_payee_proofs"("nonce");

CREATE INDEX "listing_payee_proofs_listing_id_pay_to_verified_at_idx" ON "listing_payee_proofs"("listing_id", "pay_to", "verified_at" DESC);

ALTER TABLE "listing_payee_challenges" ADD CONSTRAINT "listing_payee_challenges_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "listing_payee_proofs" ADD CONSTRAINT "listing_payee_proofs_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "listing_payee_proofs" ADD CONSTRAINT "listing_payee_proofs_nonce_fkey" FOREIGN KEY ("nonce") REFERENCES "listing_payee_challenges"("nonce") ON DELETE CASCADE ON UPDATE CASCADE;
