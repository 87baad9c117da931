-- What the marketplace observes of the offers it lists (server/probes/): unpaid probes with an x402
-- conformance verdict, their daily roll-up after the retention period, the probe schedule shared
-- by every instance (FOR UPDATE SKIP LOCKED with a lease), the health derived per offer, and the
-- payment-terms changes the probes saw.
CREATE TABLE "offer_probes" (
    "id" BIGSERIAL NOT NULL,
    "offer_id" TEXT NOT NULL,
    "probed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verdict" TEXT NOT NULL,
    "status" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "failed_checks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "detail" TEXT,
    "terms" JSONB,
    CONSTRAINT "offer_probes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "offer_probes_offer_id_probed_at_idx" ON "offer_probes"("offer_id", "probed_at");
CREATE INDEX "offer_probes_probed_at_idx" ON "offer_probes"("probed_at");
ALTER TABLE "offer_probes" ADD CONSTRAINT "offer_probes_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "offer_probe_days" (
    "offer_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "probes" INTEGER NOT NULL,
    "up" INTEGER NOT NULL,
    "conformant" INTEGER NOT NULL,
    "latency_p50_ms" INTEGER,
    "latency_p95_ms" INTEGER,
    CONSTRAINT "offer_probe_days_pkey" PRIMARY KEY ("offer_id", "day")
);
ALTER TABLE "offer_probe_days" ADD CONSTRAINT "offer_probe_days_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "offer_probe_schedule" (
    "offer_id" TEXT NOT NULL,
    "next_probe_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leased_until" TIMESTAMPTZ(3),
    "leased_by" TEXT,
    CONSTRAINT "offer_probe_schedule_pkey" PRIMARY KEY ("offer_id")
);
CREATE INDEX "offer_probe_schedule_next_probe_at_idx" ON "offer_probe_schedule"("next_probe_at");
ALTER TABLE "offer_probe_schedule" ADD CONSTRAINT "offer_probe_schedule_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "offer_health" (
    "offer_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'unprobed',
    "failed_checks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "uptime_24h" DOUBLE PRECISION,
    "uptime_7d" DOUBLE PRECISION,
    "uptime_30d" DOUBLE PRECISION,
    "latency_p50_ms" INTEGER,
    "latency_p95_ms" INTEGER,
    "probes_30d" INTEGER NOT NULL DEFAULT 0,
    "last_probed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "offer_health_pkey" PRIMARY KEY ("offer_id")
);
ALTER TABLE "offer_health" ADD CONSTRAINT "offer_health_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "offer_terms_changes" (
    "id" UUID NOT NULL,
    "offer_id" TEXT NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fields" TEXT[],
    "blocking" BOOLEAN NOT NULL,
    "catalogued" JSONB NOT NULL,
    "observed" JSONB NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "resolution" TEXT,
    "resolved_by" TEXT,
    CONSTRAINT "offer_terms_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "offer_terms_changes_offer_id_detected_at_idx" ON "offer_terms_changes"("offer_id", "detected_at");
-- At most one open change per offer: a probe that sees more differences updates it.
CREATE UNIQUE INDEX "offer_terms_changes_open_key" ON "offer_terms_changes"("offer_id") WHERE "resolved_at" IS NULL;
ALTER TABLE "offer_terms_changes" ADD CONSTRAINT "offer_terms_changes_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
