-- One review per marketplace token and service (issue 10). The write path checks first to answer
-- 409 with the existing review's id, under a transaction lock on the pair, and this index holds the
-- rule for every instance and code path. Seeded reviews have no token and are not constrained.
CREATE UNIQUE INDEX "reviews_token_id_service_id_key" ON "reviews"("token_id", "service_id") WHERE "token_id" IS NOT NULL;
