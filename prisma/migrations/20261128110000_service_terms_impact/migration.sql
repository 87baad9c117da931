-- A lexeme's postings in impact order: `terms` retrieval reads only each query lexeme's strongest
-- postings instead of aggregating every posting of every lexeme (server/search/retrieval/terms.ts).
CREATE INDEX "service_terms_lexeme_tf_service_id_idx" ON "service_terms"("lexeme", "tf" DESC, "service_id");
