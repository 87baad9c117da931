// The software-vendor shortlist (specification: fixed price 0.001 USD, x402, immediate).
import { shortlistFor } from "../shortlist/build-shortlist";
import { conditionCheckSchema, matchSchema, shortlistSchema } from "../shortlist/result-schema";
import {
  conditionObjectSchema,
  constraintsSchema,
  shortlistInputSchema,
  shortlistRequestSchema,
  type ParsedShortlistInput,
} from "../shortlist/request-schema";
import type { ProductDefinition } from "./product";
import { shortlistResultExample } from "./result-examples";
import { PRODUCT_MANIFEST } from "./product-manifest-schema";

export const shortlistProduct: ProductDefinition<ParsedShortlistInput> = {
  id: PRODUCT_MANIFEST.shortlist.id,
  name: "Software-vendor shortlist",
  description:
    "Up to five current software-service vendors ranked for a stated outcome, with fit reasons, condition checks " +
    "(met / unmet / unknown, each with evidence), reputation facts, and profile and purchase links. Sponsored placements never appear.",
  operationId: "buySoftwareVendorShortlist",
  describeOperationId: "describeSoftwareVendorShortlist",
  method: "POST",
  path: PRODUCT_MANIFEST.shortlist.path,
  priceAtomic: PRODUCT_MANIFEST.shortlist.priceAtomic,
  protocols: ["x402"],
  delivery: "immediate",
  successStatus: 200,
  fulfilmentReadsOnly: true, // a shortlist is computed from catalog and review reads
  requestSchema: shortlistRequestSchema,
  purchaseSchema: shortlistInputSchema,
  resultSchema: PRODUCT_MANIFEST.shortlist.resultSchema,
  resultExample: shortlistResultExample,
  example: {
    request_id: "shortlist-example-0001",
    outcome: "Hourly weather forecasts for delivery route planning, paid per request by an agent",
    conditions: [{ id: "pay-per-call", requirement: "pay per request with x402", priority: "must" }, "documented API"],
    constraints: { protocol: "x402", maxPriceUsd: 0.05 },
    search: "all",
    limit: 5,
  },
  docs: {
    summary: "Buy a software-vendor shortlist",
    request: {
      description:
        "The shortlist request as published: every property is optional and no other property is allowed. A paid purchase " +
        "must send `outcome` (8 to 2400 characters with at least one letter or digit) and an idempotency key (`request_id` or the Idempotency-Key header).",
    },
    result: { description: "A completed shortlist purchase." },
    requestParts: {
      ShortlistCondition: {
        schema: conditionObjectSchema,
        description: "A condition with an optional id and priority; a plain string is a `must` condition.",
      },
      ShortlistConstraints: {
        schema: constraintsSchema,
        description: "Hard filters on the services and offers considered.",
      },
    },
    resultParts: {
      Shortlist: {
        schema: shortlistSchema,
        description:
          "The query as understood (defaults applied, conditions numbered c1, c2, ...) and up to `limit` ranked matches.",
      },
      ShortlistMatch: {
        schema: matchSchema,
        description: "One ranked service with fit reasons, condition checks, reputation facts, links and offers.",
      },
      ShortlistConditionCheck: {
        schema: conditionCheckSchema,
        description: "Whether a service meets a condition: met, unmet or unknown, with evidence when known.",
      },
    },
  },
  async fulfil(input) {
    return { shortlist: await shortlistFor(input) };
  },
};
