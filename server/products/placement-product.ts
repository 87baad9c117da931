// Sponsored placement (decisions.md §2): 10.00 USD, queued, x402 or MPP. A paid request becomes an
// order an operator reviews and activates; active placements are what the paid ad slot serves.
import { baseUrl } from "../env";
import { assertCatalogued } from "../orders/order-record";
import { createOrderForPurchase } from "../orders/create-order";
import { placementRequestSchema, type PlacementRequest } from "../orders/placement-request";
import type { ProductDefinition } from "./product";
import { PRODUCT_MANIFEST } from "./product-manifest-schema";

export const placementProduct: ProductDefinition<PlacementRequest> = {
  id: PRODUCT_MANIFEST.placement.id,
  name: "Sponsored placement",
  description:
    "A sponsored ad for a catalogued service, shown in the labelled sponsored slot and sold through paid ad retrieval for the targeted " +
    "capabilities or queries, for the bought number of days once an operator activates it. Never enters the shortlist or the organic search.",
  operationId: "buySponsoredPlacement",
  describeOperationId: "describeSponsoredPlacement",
  method: "POST",
  path: PRODUCT_MANIFEST.placement.path,
  priceAtomic: PRODUCT_MANIFEST.placement.priceAtomic,
  protocols: ["x402", "mpp"],
  delivery: "queued",
  successStatus: 202,
  requestSchema: placementRequestSchema,
  purchaseSchema: placementRequestSchema,
  resultSchema: PRODUCT_MANIFEST.placement.resultSchema,
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
    request: { description: "A sponsored placement: the service, the ad's text, where it may appear and for how many days." },
    result: { name: "QueuedPurchase", description: "A paid queued purchase: the order and its private status credential." },
  },
  checkInput: (input) => assertCatalogued(input.service),
  async fulfil(input, context) {
    return { order: await createOrderForPurchase({ product: "placement", purchaseId: context.purchaseId, input, baseUrl }) };
  },
};
