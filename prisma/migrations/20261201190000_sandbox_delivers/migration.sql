-- Whether a sandbox offer answers its paid calls with output. The seeded world has providers that
-- take the payment and deliver nothing, and the marketplace tests find them out (server/sandbox/).
ALTER TABLE "offers" ADD COLUMN "sandbox_delivers" BOOLEAN NOT NULL DEFAULT true;
