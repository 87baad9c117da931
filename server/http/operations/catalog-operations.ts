// The free catalog APIs (decisions.md §7): list, one service record, relevance search.
import { getServiceRecord, serviceSlugSchema } from "../../catalog/get-service";
import { listServices, listServicesInput } from "../../catalog/list-services";
import { searchServices, searchServicesInput } from "../../catalog/search-services";
import { SCHEMA_NAMES } from "../../openapi/component-schemas";
import { HEALTHY_UPTIME_PERCENT } from "../../probes/conformance-checks";
import { errorResponses, FREE_READ_CODES } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { pathParameter, queryParameters } from "../../openapi/parameters";
import { jsonContent } from "../../openapi/responses";
import { rateLimited } from "../rate-limit";
import { json, parseQuery, route } from "../respond";

const FILTERS = {
  capability: "Only services with this capability.",
  protocol: "Only services paid with this protocol.",
  maxPriceUsd: "Only services with at least one offer at or below this price (USD).",
  tested:
    "`true`: tested by the marketplace (any outcome); `output` / `no-output`: that test outcome; `false`: untested.",
  healthy: `\`true\`: services whose \`health.healthy\` is true (at least one offer probed, and every probed offer conformant, answering at least ${HEALTHY_UPTIME_PERCENT} % of the last 24 hours' probes and routed); \`false\`: every other service (unprobed ones included).`,
};

const listErrors = () =>
  errorResponses(["invalid_request", ...FREE_READ_CODES], { detail: { invalid_request: "Here: a query parameter." } });

export const listCatalogServicesOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/catalog/services",
  operationId: "listCatalogServices",
  summary: "List services",
  description:
    "Services of the catalog, most called in 30 days first, with optional filters and keyset pagination. Each summary carries `health`, what the marketplace's own probes observed of the service.",
  tags: ["Catalog"],
  parameters: queryParameters(listServicesInput, {
    q: "Words that must all appear in the name, description, vendor, tags or capabilities.",
    ...FILTERS,
    limit: "Page size.",
    cursor: "`nextCursor` of the previous page.",
  }),
  security: [],
  responses: {
    "200": { description: "One page of services.", content: jsonContent(SCHEMA_NAMES.serviceList) },
    ...listErrors(),
  },
  handler: rateLimited(
    "catalog",
    route(async (req: Request) => json(await listServices(parseQuery(listServicesInput, req.url)))),
  ),
};

export const getCatalogServiceOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/catalog/services/{slug}",
  operationId: "getCatalogService",
  summary: "Get a service record",
  description:
    "The service record of the specification: schemaVersion 1, dataMode snapshot+live-reviews, the service and its offers.",
  tags: ["Catalog"],
  security: [],
  parameters: [pathParameter("slug", serviceSlugSchema, "The service's slug, as in `slug` of a listed service.")],
  responses: {
    "200": { description: "The service record.", content: jsonContent(SCHEMA_NAMES.serviceRecord) },
    ...errorResponses(["not_found", ...FREE_READ_CODES], { detail: { not_found: "Here: no service has this slug." } }),
  },
  handler: rateLimited(
    "catalog",
    route(async (_req: Request, ctx: { params: Promise<{ slug: string }> }) =>
      json(await getServiceRecord((await ctx.params).slug)),
    ),
  ),
};

export const searchCatalogOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/catalog/search",
  operationId: "searchCatalog",
  summary: "Search services by relevance (free)",
  description:
    "Free relevance search: the shortlist's hybrid retrieval (keyword terms and local semantic embeddings, rank-fused) without conditions, reputation or fit reasons. " +
    "Without q (the search_api link of a 402 opened as it is): the most called services (query null, score null) and a help object saying how to search.",
  tags: ["Catalog"],
  parameters: queryParameters(searchServicesInput, {
    q: "What you are looking for, in words.",
    limit: "How many services to return.",
    ...FILTERS,
  }),
  security: [],
  responses: {
    "200": { description: "Ranked services.", content: jsonContent(SCHEMA_NAMES.searchResult) },
    ...listErrors(),
  },
  handler: rateLimited(
    "search",
    route(async (req: Request) => json(await searchServices(parseQuery(searchServicesInput, req.url)))),
  ),
};
