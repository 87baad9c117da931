// The free catalog APIs (decisions.md §7): list, one service record, relevance search.
import { serviceSlugSchema } from "../catalog/get-service";
import { listServicesInput } from "../catalog/list-services";
import { searchServicesInput } from "../catalog/search-services";
import { SCHEMA_NAMES } from "./component-schemas";
import type { PathsObject, ResponseObject } from "./openapi-types";
import { pathParameter, queryParameters } from "./parameters";
import { freeReadResponses, jsonContent } from "./responses";

const FILTERS = {
  capability: "Only services with this capability.",
  protocol: "Only services paid with this protocol.",
  maxPriceUsd: "Only services with at least one offer at or below this price (USD).",
  tested: "`true`: tested by the marketplace (any outcome); `output` / `no-output`: that test outcome; `false`: untested.",
};

const badQuery: ResponseObject = { description: "invalid_request: a query parameter breaks its rules (see `issues`).", content: jsonContent(SCHEMA_NAMES.apiError) };

export function catalogPaths(): PathsObject {
  return {
    "/api/catalog/services": {
      get: {
        operationId: "listCatalogServices",
        summary: "List services",
        description: "Services of the catalog, most called in 30 days first, with optional filters and keyset pagination.",
        tags: ["Catalog"],
        parameters: queryParameters(listServicesInput, {
          q: "Words that must all appear in the name, description, vendor, tags or capabilities.",
          ...FILTERS,
          limit: "Page size.",
          cursor: "`nextCursor` of the previous page.",
        }),
        responses: { "200": { description: "One page of services.", content: jsonContent(SCHEMA_NAMES.serviceList) }, "400": badQuery, ...freeReadResponses() },
      },
    },
    "/api/catalog/services/{slug}": {
      get: {
        operationId: "getCatalogService",
        summary: "Get a service record",
        description: "The service record of the specification: schemaVersion 1, dataMode snapshot+live-reviews, the service and its offers.",
        tags: ["Catalog"],
        parameters: [pathParameter("slug", serviceSlugSchema, "The service's slug, as in `slug` of a listed service.")],
        responses: {
          "200": { description: "The service record.", content: jsonContent(SCHEMA_NAMES.serviceRecord) },
          "404": { description: "not_found: no service has this slug.", content: jsonContent(SCHEMA_NAMES.apiError) },
          ...freeReadResponses(),
        },
      },
    },
    "/api/catalog/search": {
      get: {
        operationId: "searchCatalog",
        summary: "Search services by relevance (free)",
        description:
          "Free relevance search: the shortlist's hybrid retrieval (keyword terms and local semantic embeddings, rank-fused) without conditions, reputation or fit reasons. " +
          "Without q (the search_api link of a 402 opened as it is): the most called services (query null, score null) and a help object saying how to search.",
        tags: ["Catalog"],
        parameters: queryParameters(searchServicesInput, { q: "What you are looking for, in words.", limit: "How many services to return.", ...FILTERS }),
        responses: { "200": { description: "Ranked services.", content: jsonContent(SCHEMA_NAMES.searchResult) }, "400": badQuery, ...freeReadResponses() },
      },
    },
  };
}
