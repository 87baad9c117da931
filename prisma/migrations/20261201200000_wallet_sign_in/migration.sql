-- Wallet sign-in (SIWX): tokens that act for a wallet, the wallets (and the account one is attached
-- to), and the nonces of the sign-in challenges (single use, with an expiry, spent by a conditional UPDATE).
ALTER TABLE "marketplace_tokens" ADD COLUMN "wallet_address" TEXT;
CREATE INDEX "marketplace_tokens_wallet_address_idx" ON "marketplace_tokens"("wallet_address");

CREATE TABLE "wallets" (
    "address" TEXT NOT NULL,
    "person_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attached_at" TIMESTAMPTZ(3),
    CONSTRAINT "wallets_pkey" PRIMARY KEY ("address")
);
CREATE INDEX "wallets_person_id_idx" ON "wallets"("person_id");
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "wallet_sign_in_nonces" (
    "nonce" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "wallet_sign_in_nonces_pkey" PRIMARY KEY ("nonce")
);
CREATE INDEX "wallet_sign_in_nonces_expires_at_idx" ON "wallet_sign_in_nonces"("expires_at");
