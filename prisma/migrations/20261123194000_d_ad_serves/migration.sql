-- The paid ad slot (server/ads/): one row per ad purchase naming the placement it served (a
-- fulfilment that runs again finds it), and the paid-serve counter the rotation orders by.
CREATE TABLE "ad_serves" (
    "purchase_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "served_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ad_serves_pkey" PRIMARY KEY ("purchase_id")
);

CREATE TABLE "ad_rotation" (
    "order_id" UUID NOT NULL,
    "serves" INTEGER NOT NULL DEFAULT 0,
    "last_served_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ad_rotation_pkey" PRIMARY KEY ("order_id")
);

CREATE INDEX "ad_serves_order_id_idx" ON "ad_serves"("order_id");
