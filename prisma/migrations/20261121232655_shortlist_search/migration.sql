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
    "documents" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_lexemes" (
    "lexeme" TEXT NOT NULL,
    "ndoc" INTEGER NOT NULL,

    CONSTRAINT "search_lexemes_pkey" PRIMARY KEY ("lexeme")
);

-- CreateTable
CREATE TABLE "service_terms" (
    "lexeme" TEXT NOT NULL,
    "service_id" TEXT NOT NULL,
    "tf" REAL NOT NULL,

    CONSTRAINT "service_terms_pkey" PRIMARY KEY ("lexeme","service_id")
);

-- CreateIndex
CREATE INDEX "service_terms_service_id_idx" ON "service_terms"("service_id");

-- AddForeignKey
ALTER TABLE "service_terms" ADD CONSTRAINT "service_terms_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_embeddings" ADD CONSTRAINT "service_embeddings_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- word_similarity() for exact-mode typo tolerance (server/shortlist/retrieval/exact.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "services_catalog_observed_at_idx" ON "services" ("catalog_observed_at");
CREATE INDEX "service_embeddings_model_idx" ON "service_embeddings" ("model");

INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
