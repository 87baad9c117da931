-- Marketplace tests (issue 27 item 4): every paid test of an offer, the schemas offers declare, and the
-- service's test review.
ALTER TABLE "services" ADD COLUMN "test_review_id" UUID;

CREATE TABLE "offer_schemas" (
    "offer_id" TEXT NOT NULL,
    "input_schema" JSONB,
    "output_schema" JSONB,

    CONSTRAINT "offer_schemas_pkey" PRIMARY KEY ("offer_id")
);

CREATE TABLE "service_tests" (
    "id" UUID NOT NULL,
    "service_id" TEXT NOT NULL,
    "offer_id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "status" INTEGER,
    "latency_ms" INTEGER,
    "excerpt" TEXT,
    "detail" TEXT,
    "spent_atomic" BIGINT NOT NULL DEFAULT 0,
    "tested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "review_id" UUID,

    CONSTRAINT "service_tests_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "service_tests_service_id_tested_at_idx" ON "service_tests"("service_id", "tested_at");

CREATE INDEX "service_tests_offer_id_tested_at_idx" ON "service_tests"("offer_id", "tested_at");

CREATE INDEX "service_tests_tested_at_idx" ON "service_tests"("tested_at");

ALTER TABLE "service_tests" ADD CONSTRAINT "service_tests_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "offer_schemas" ADD CONSTRAINT "offer_schemas_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
