-- Offers served by the sandbox provider (server/sandbox/): the seed writes them; the observer's
-- address policy allows loopback for them at the sandbox's own address only.
ALTER TABLE "offers" ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false;
