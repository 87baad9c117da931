// GET /discovery/resources (decisions.md §7): the x402 Bazaar discovery list of the marketplace's
// products and the catalog.
import {
  DISCOVERY_MAX_LIMIT,
  listDiscoveryInput,
  marketplaceDiscoveryListSchema,
} from "../../catalog/discovery/list-discovery-resources";
import { listMarketplaceResources } from "../../products/product-discovery";
import { errorResponses, FREE_READ_CODES } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { inlineSchema } from "../../openapi/json-schema";
import { queryParameters } from "../../openapi/parameters";
import { etagJson } from "../etag-response";
import { rateLimited } from "../rate-limit";
import { parseQuery, route } from "../respond";

// Revalidated on every use (ETag, 304): an import shows at once.
const CACHE_CONTROL = "no-cache";

export const listDiscoveryResourcesOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/discovery/resources",
  operationId: "listDiscoveryResources",
  summary: "List the marketplace's products and the catalog's offers as an x402 Bazaar discovery list",
  description:
    "The marketplace's own paid products, then the x402 offers of the catalog, in the x402 Bazaar discovery format (`DiscoveryResourcesResponse` of @x402/extensions). " +
    "A product's item comes first: `resource` = its URL, `accepts` and `extensions` (`bazaar`: method, body example and schema; `payment-identifier`) as its 402 declares them, " +
    "`metadata.marketplaceProduct` = its id (an import skips these items). Then one item per offer whose payment requirements are known, " +
    "`resource` = the provider's URL, `accepts` = its x402 v2 `exact` requirements (amount in the asset's atomic units), `lastUpdated` = the catalog source's observation time, " +
    "and `metadata` with our ids, `callUrl` (the call through the marketplace's observer), what `npm run catalog:import` needs to read the list back, " +
    "and `health`: what the marketplace observed of the resource with its own unpaid probes (conformance, uptime, latency, a payment-terms change that stops routing). " +
    "MPP offers are not listed. Ordered by service, then the service's offer order; page with `offset`. Answers carry an ETag (If-None-Match: 304).",
  tags: ["Catalog"],
  security: [],
  parameters: queryParameters(listDiscoveryInput, {
    limit: `Page size (1 to ${DISCOVERY_MAX_LIMIT}).`,
    offset: "Items to skip.",
    type: "Resource type: `http` (every catalogued resource) or `mcp` (none).",
  }),
  responses: {
    "200": {
      description:
        "One page of resources (the products first); `pagination.total` counts every listed resource. With `ETag` (the tag of the answer's bytes) and `Cache-Control: no-cache`.",
      content: { "application/json": { schema: inlineSchema(marketplaceDiscoveryListSchema, "output") } },
    },
    "304": { description: "Not modified: the If-None-Match tag is current." },
    ...errorResponses(["invalid_request", ...FREE_READ_CODES], {
      detail: { invalid_request: "Here: a query parameter." },
    }),
  },
  handler: rateLimited(
    "catalog",
    route(async (req: Request) =>
      etagJson(
        await listMarketplaceResources(parseQuery(listDiscoveryInput, req.url)),
        req.headers.get("if-none-match"),
        CACHE_CONTROL,
      ),
    ),
  ),
};
