// Paid ad retrieval (decisions.md §2, §6): 0.002 USD, x402, immediate. The ad is an active
// sponsored placement that targets the context, chosen in rotation; with none eligible the answer
// is 409 no_eligible_ad, decided before anything is verified or settled (nothing charged, the
// authorization stays usable).
import { adRequestSchema, type AdRequest } from "../ads/ad-request";
import { assertEligibleAd } from "../ads/eligible-ad";
import { serveAd } from "../ads/serve-ad";
import type { ProductDefinition } from "./product";
import { PRODUCT_MANIFEST } from "./product-manifest-schema";
import { adResultExample } from "./result-examples";

export const adProduct: ProductDefinition<AdRequest> = {
  id: PRODUCT_MANIFEST.ad.id,
  name: "Sponsored ad",
  description:
    "One sponsored ad for a search query or capability: an active sponsored placement that targets it, chosen in rotation so that every " +
    "eligible placement is served equally often, and marked `sponsored: true`. With no eligible placement the answer is 409 no_eligible_ad, " +
    "before any payment step: nothing is charged and the same authorization can be sent again.",
  operationId: "buySponsoredAd",
  describeOperationId: "describeSponsoredAd",
  method: "POST",
  path: PRODUCT_MANIFEST.ad.path,
  priceAtomic: PRODUCT_MANIFEST.ad.priceAtomic,
  protocols: ["x402"],
  delivery: "immediate",
  successStatus: 200,
  requestSchema: adRequestSchema,
  purchaseSchema: adRequestSchema,
  resultSchema: PRODUCT_MANIFEST.ad.resultSchema,
  resultExample: adResultExample,
  example: {
    request_id: "ad-example-0001",
    context: { query: "hourly weather forecast for route planning", capability: "maps-weather" },
  },
  docs: {
    summary: "Buy a sponsored ad for a query or capability",
    request: {
      name: "AdRequest",
      description: "A paid ad retrieval: the context the ad is for (a query, a capability or both).",
    },
    result: {
      name: "AdPurchase",
      description: "A paid ad: an active sponsored placement for the context, marked `sponsored: true`.",
    },
  },
  precheck: (input) => assertEligibleAd(input.context),
  precheckCodes: ["no_eligible_ad"],
  async fulfil(input, context) {
    return { ad: await serveAd(input.context, context.purchaseId) };
  },
};
