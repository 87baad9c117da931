-- CreateTable
CREATE TABLE "services" (
    "id" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "protocol" TEXT NOT NULL DEFAULT 'x402',
    "protocols" TEXT[] DEFAULT ARRAY['x402']::TEXT[],
    "name" TEXT NOT NULL,
    "website" TEXT NOT NULL,
    "service_url" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "docs_url" TEXT NOT NULL,
    "capabilities" TEXT[],
    "primary_capability" TEXT NOT NULL,
    "tags" TEXT[],
    "supports_credits" BOOLEAN NOT NULL DEFAULT false,
    "calls_30d" INTEGER NOT NULL DEFAULT 0,
    "unique_payers_30d" INTEGER NOT NULL DEFAULT 0,
    "test_status" TEXT NOT NULL DEFAULT 'untested',
    "tested_at" TIMESTAMPTZ(3),
    "entity_slug" TEXT NOT NULL,
    "entity_name" TEXT NOT NULL,
    "entity_website" TEXT NOT NULL,
    "entity_cataloged" BOOLEAN NOT NULL DEFAULT true,
    "catalog_source" TEXT NOT NULL,
    "catalog_observed_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "services_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offers" (
    "id" TEXT NOT NULL,
    "service_id" TEXT NOT NULL,
    "protocol" TEXT NOT NULL DEFAULT 'x402',
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "provider_url" TEXT NOT NULL,
    "routed_by_marketplace" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT NOT NULL,
    "price_atomic" INTEGER NOT NULL,
    "dynamic_price" BOOLEAN NOT NULL DEFAULT false,
    "unit_type" TEXT NOT NULL DEFAULT 'request',
    "intent" TEXT NOT NULL DEFAULT 'charge',
    "example_input" JSONB,
    "docs_url" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_facts" (
    "id" UUID NOT NULL,
    "service_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "text" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_facts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_evidence" (
    "id" UUID NOT NULL,
    "service_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "service_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" UUID NOT NULL,
    "service_id" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "person_id" TEXT,
    "token_id" UUID,
    "name" TEXT NOT NULL,
    "org" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "tags" TEXT[],
    "link" TEXT,
    "status" TEXT NOT NULL DEFAULT 'published',
    "human_review_status" TEXT NOT NULL DEFAULT 'not_required',
    "human_reviewed_at" TIMESTAMPTZ(3),
    "human_reviewed_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_revisions" (
    "id" UUID NOT NULL,
    "review_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "rating" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "tags" TEXT[],
    "link" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comments" (
    "id" UUID NOT NULL,
    "review_id" UUID NOT NULL,
    "actor_type" TEXT NOT NULL,
    "person_id" TEXT,
    "token_id" UUID,
    "name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'published',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_engagements" (
    "id" UUID NOT NULL,
    "review_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_engagements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "people" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" TEXT NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "people_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "user_id" TEXT NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "id_token" TEXT,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "refresh_token_expires_at" TIMESTAMPTZ(3),
    "scope" TEXT,
    "password" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verifications" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "marketplace_tokens" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "person_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "marketplace_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "purchases" (
    "id" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "protocol" TEXT NOT NULL DEFAULT 'x402',
    "signature_hash" TEXT,
    "payer" TEXT,
    "amount_atomic" BIGINT NOT NULL,
    "network" TEXT,
    "asset" TEXT,
    "nonce" TEXT,
    "transaction" TEXT,
    "payment_response" TEXT,
    "response_status" INTEGER,
    "response_body" JSONB,
    "error_code" TEXT,
    "locked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "purchases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "purchase_id" UUID NOT NULL,
    "status_authorization_hash" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_events" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "note" TEXT,
    "actor_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "services_slug_key" ON "services"("slug");

-- CreateIndex
CREATE INDEX "services_primary_capability_idx" ON "services"("primary_capability");

-- CreateIndex
CREATE INDEX "services_calls_30d_id_idx" ON "services"("calls_30d" DESC, "id");

-- CreateIndex
CREATE INDEX "offers_service_id_position_idx" ON "offers"("service_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "offers_service_id_method_path_key" ON "offers"("service_id", "method", "path");

-- CreateIndex
CREATE UNIQUE INDEX "service_facts_service_id_key_key" ON "service_facts"("service_id", "key");

-- CreateIndex
CREATE INDEX "service_evidence_service_id_position_idx" ON "service_evidence"("service_id", "position");

-- CreateIndex
CREATE INDEX "reviews_service_id_status_created_at_id_idx" ON "reviews"("service_id", "status", "created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "reviews_status_created_at_id_idx" ON "reviews"("status", "created_at" DESC, "id");

-- CreateIndex
CREATE UNIQUE INDEX "review_revisions_review_id_number_key" ON "review_revisions"("review_id", "number");

-- CreateIndex
CREATE INDEX "comments_review_id_created_at_id_idx" ON "comments"("review_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "review_engagements_actor_key_kind_idx" ON "review_engagements"("actor_key", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "review_engagements_review_id_kind_actor_key_key" ON "review_engagements"("review_id", "kind", "actor_key");

-- CreateIndex
CREATE UNIQUE INDEX "people_email_key" ON "people"("email");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions"("token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE INDEX "verifications_identifier_idx" ON "verifications"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "marketplace_tokens_token_hash_key" ON "marketplace_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "marketplace_tokens_person_id_idx" ON "marketplace_tokens"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "purchases_idempotency_key_key" ON "purchases"("idempotency_key");

-- CreateIndex
CREATE INDEX "purchases_state_updated_at_idx" ON "purchases"("state", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "purchases_network_asset_payer_nonce_key" ON "purchases"("network", "asset", "payer", "nonce");

-- CreateIndex
CREATE UNIQUE INDEX "orders_purchase_id_key" ON "orders"("purchase_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_status_authorization_hash_key" ON "orders"("status_authorization_hash");

-- CreateIndex
CREATE INDEX "orders_product_status_created_at_idx" ON "orders"("product", "status", "created_at");

-- CreateIndex
CREATE INDEX "order_events_order_id_created_at_idx" ON "order_events"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_facts" ADD CONSTRAINT "service_facts_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_evidence" ADD CONSTRAINT "service_evidence_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "marketplace_tokens"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_revisions" ADD CONSTRAINT "review_revisions_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "marketplace_tokens"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_engagements" ADD CONSTRAINT "review_engagements_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "marketplace_tokens" ADD CONSTRAINT "marketplace_tokens_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_fkey" FOREIGN KEY ("purchase_id") REFERENCES "purchases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
