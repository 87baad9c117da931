-- One endpoint may be sold under two payment protocols (issue 11: the 46 services that accept MPP
-- list an x402 offer and an mpp offer per endpoint), so an offer is unique per (service, protocol,
-- method, path), no longer per (service, method, path).
DROP INDEX "offers_service_id_method_path_key";
CREATE UNIQUE INDEX "offers_service_id_protocol_method_path_key" ON "offers"("service_id", "protocol", "method", "path");
