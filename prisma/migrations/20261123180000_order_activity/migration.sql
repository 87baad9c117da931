-- A placement's active window, set when an operator activates it: expiry and ad selection read it.
ALTER TABLE "orders" ADD COLUMN "active_from" TIMESTAMPTZ(3), ADD COLUMN "active_until" TIMESTAMPTZ(3);
CREATE INDEX "orders_status_active_until_idx" ON "orders"("status", "active_until");
