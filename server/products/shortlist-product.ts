// The software-vendor shortlist (specification: fixed price 0.001 USD, x402, immediate).
import { buildShortlist } from "../shortlist/build-shortlist";
import { shortlistPurchaseSchema } from "../shortlist/result-schema";
import { shortlistInputSchema, shortlistRequestSchema, type ParsedShortlistInput } from "../shortlist/request-schema";
import type { ProductDefinition } from "./product";

export const shortlistProduct: ProductDefinition<ParsedShortlistInput> = {
  id: "shortlist",
  name: "Software-vendor shortlist",
  description:
    "Up to five current software-service vendors ranked for a stated outcome, with fit reasons, condition checks " +
    "(met / unmet / unknown, each with evidence), reputation facts, and profile and purchase links. Sponsored placements never appear.",
  operationId: "buySoftwareVendorShortlist",
  describeOperationId: "describeSoftwareVendorShortlist",
  method: "POST",
  path: "/api/shop/shortlist",
  priceAtomic: 1000, // 0.001 USD
  protocols: ["x402"],
  delivery: "immediate",
  successStatus: 200,
  fulfilmentReadsOnly: true, // a shortlist is computed from catalog and review reads
  requestSchema: shortlistRequestSchema,
  purchaseSchema: shortlistInputSchema,
  resultSchema: shortlistPurchaseSchema,
  example: {
    request_id: "shortlist-example-0001",
    outcome: "Hourly weather forecasts for delivery route planning, paid per request by an agent",
    conditions: [{ id: "pay-per-call", requirement: "pay per request with x402", priority: "must" }, "documented API"],
    constraints: { protocol: "x402", maxPriceUsd: 0.05 },
    search: "all",
    limit: 5,
  },
  async fulfil(input) {
    return { shortlist: await buildShortlist(input) };
  },
};
