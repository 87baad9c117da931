-- Operator review of listings (issue 27 item 3): one decision per submitted revision, the catalog
-- service a listing's approvals write, whether its payees were proven, and paused/withdrawn services.
ALTER TABLE "services" ADD COLUMN "payee_verified" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "services" ADD COLUMN "listing_state" TEXT;

ALTER TABLE "listings" ADD COLUMN "service_id" TEXT;
CREATE UNIQUE INDEX "listings_service_id_key" ON "listings"("service_id");

CREATE TABLE "listing_reviews" (
    "listing_id" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "operator_person_id" TEXT NOT NULL,
    "decided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "listing_reviews_pkey" PRIMARY KEY ("listing_id","revision")
);

CREATE INDEX "listing_reviews_decided_at_idx" ON "listing_reviews"("decided_at");

ALTER TABLE "listing_reviews" ADD CONSTRAINT "listing_reviews_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
