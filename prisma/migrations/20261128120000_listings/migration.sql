-- Self-serve listings (issue 27): a draft from the probes of the submitted URLs, its owner's edits,
-- and every submitted version.
CREATE TABLE "listings" (
    "id" UUID NOT NULL,
    "owner_key" TEXT NOT NULL,
    "person_id" TEXT,
    "token_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "resource_urls" TEXT[],
    "draft" JSONB NOT NULL,
    "probes" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted_at" TIMESTAMPTZ(3),

    CONSTRAINT "listings_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "listing_revisions" (
    "listing_id" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "draft" JSONB NOT NULL,
    "probes" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "listing_revisions_pkey" PRIMARY KEY ("listing_id","revision")
);

CREATE INDEX "listings_owner_key_created_at_idx" ON "listings"("owner_key", "created_at" DESC);

ALTER TABLE "listings" ADD CONSTRAINT "listings_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "listing_revisions" ADD CONSTRAINT "listing_revisions_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
