// Sponsored placement (decisions.md §2): 10.00 USD, queued, x402 or MPP. A paid request becomes an
// order an operator reviews and activates; active placements are what the paid ad slot serves.
import { placementRequestSchema, type PlacementRequest } from "../orders/placement-request";
import type { ProductDefinition } from "./product";
import { queuedProduct } from "./queued-product";

export const placementProduct: ProductDefinition<PlacementRequest> = queuedProduct({
  id: "placement",
  name: "Sponsored placement",
  description:
    "A sponsored ad for a catalogued service, shown in the labelled sponsored slot and sold through paid ad retrieval for the targeted " +
    "capabilities or queries, for the bought number of days once an operator activates it. Never enters the shortlist or the organic search.",
  operationId: "buySponsoredPlacement",
  describeOperationId: "describeSponsoredPlacement",
  requestSchema: placementRequestSchema,
  example: {
    request_id: "placement-example-0001",
    service: "isobar-weather",
    headline: "Hourly forecasts, paid per call",
    body: "Forecasts for any coordinate, 0.001 USD a request over x402.",
    targeting: { capabilities: ["maps-weather"], query: "weather forecast" },
    durationDays: 30,
  },
  docs: {
    summary: "Buy a sponsored placement (queued order)",
    request: {
      description: "A sponsored placement: the service, the ad's text, where it may appear and for how many days.",
    },
  },
});
