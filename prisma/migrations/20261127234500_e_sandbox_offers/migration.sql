-- Offers served by the sandbox provider (server/sandbox/), written by the seed. The observer
-- allows loopback for them at the address of the sandbox only, while it is on.
ALTER TABLE "offers" ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false;
