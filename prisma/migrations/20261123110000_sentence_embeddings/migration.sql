-- Sentence vectors for the condition checks (issue 12): one row per distinct evidence or fact
-- sentence, keyed by the sha256 of its text, so copies of a sentence across services (synthetic
-- bench catalogs copy texts unchanged) share one vector. Requests embed only the requirements.
CREATE TABLE "sentence_embeddings" (
    "text_hash" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "vector" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sentence_embeddings_pkey" PRIMARY KEY ("text_hash")
);
