-- AlterTable
ALTER TABLE "services" ADD COLUMN     "search_document" tsvector;

-- CreateTable
CREATE TABLE "service_embeddings" (
    "service_id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dims" INTEGER NOT NULL,
    "vector" BYTEA NOT NULL,
    "text_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_embeddings_pkey" PRIMARY KEY ("service_id")
);

-- CreateTable
CREATE TABLE "catalog_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_lexemes" (
    "lexeme" TEXT NOT NULL,
    "ndoc" INTEGER NOT NULL,

    CONSTRAINT "search_lexemes_pkey" PRIMARY KEY ("lexeme")
);

-- AddForeignKey
ALTER TABLE "service_embeddings" ADD CONSTRAINT "service_embeddings_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Retrieval indexes for the shortlist (server/shortlist/retrieval): full-text terms and
-- trigram similarity on names for exact-mode typo tolerance.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "services_search_document_idx" ON "services" USING GIN ("search_document");
CREATE INDEX "services_name_trgm_idx" ON "services" USING GIN (lower("name") gin_trgm_ops);
CREATE INDEX "services_catalog_observed_at_idx" ON "services" ("catalog_observed_at");
CREATE INDEX "service_embeddings_model_idx" ON "service_embeddings" ("model");

INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
