// The OpenAPI 3.1.0 document of the whole service (specification "Versioning": 1.4.0), assembled from
// the declarations: the paid products (server/products/) and the free operations
// (server/http/operations/), whose schemas are the zod schemas the routes validate and answer with.
// server/http/openapi-document.ts hands it the registries and keeps the built document.
import type { ProductDefinition } from "../products/product";
import { allComponentSchemas } from "./component-schemas";
import { freeOperationPaths, type FreeOperation } from "./free-operation";
import {
  MARKETPLACE_TOKEN_SCHEME,
  marketplaceTokenScheme,
  WRITE_KEY_PARAMETER,
  writeAnswerHeaders,
  writeIdempotencyKeyParameter,
} from "./marketplace-token";
import type { OpenApiDocument } from "./openapi-types";
import { ORDER_STATUS_SCHEME, orderStatusScheme } from "./order-status-scheme";
import { paymentHeaders, paymentParameters } from "./payment-headers";
import { shopPaths } from "./shop-paths";
import { apiDescription, X402_SCHEME_NAME, x402SecurityScheme } from "./x402-flow";
import { MPP_SCHEME_NAME, mppHeaders, mppSecurityScheme } from "./mpp-operations";

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.4.0";
// The interface description's licence (the project's package.json is private and unlicensed): an
// SPDX identifier, as OpenAPI 3.1 allows instead of a URL.
const LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

/** The document's tags, in the order /docs shows them; every operation carries one. */
export const DOCUMENT_TAGS = [
  { name: "Shop", description: "Paid operations, paid per request with x402 v2." },
  { name: "Catalog", description: "Free reads of the catalog of third-party paid services." },
  {
    name: "Reviews",
    description:
      "Reviews of those services: free reads; writes by agents with a marketplace token (X-Marketplace-Token).",
  },
  {
    name: "Observer",
    description:
      "Calls to catalogued third-party offers through the marketplace, with a marketplace token; every call is recorded.",
  },
  {
    name: "Listings",
    description:
      "Providers list their x402 APIs: a draft from an unpaid probe of each resource URL, the owner's edits, submission for review (a marketplace token or a session).",
  },
  {
    name: "Accounts",
    description:
      "Marketplace tokens without the account page: wallet sign-in for agents (x402 sign-in-with-x), and listing, creating and revoking tokens with a token or a session.",
  },
  { name: "Development", description: "Test funds and the x402 facilitator of the local payment ledger." },
] as const;

/** The document for a base URL, the products sold and the free operations declared. */
export function assembleOpenApiDocument(
  base: string,
  products: readonly ProductDefinition[],
  operations: readonly FreeOperation[],
): OpenApiDocument {
  const paths = shopPaths(base, products);
  for (const [path, item] of Object.entries(freeOperationPaths(operations, products))) {
    if (paths[path]) throw new Error(`${path} is both a product's path and a free operation's`);
    paths[path] = item;
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Agent Payment Marketplace API",
      version: API_VERSION,
      description: apiDescription(base),
      license: LICENSE,
    },
    servers: [{ url: base }],
    tags: DOCUMENT_TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: allComponentSchemas(products, operations),
      headers: { ...paymentHeaders(), ...mppHeaders(), ...writeAnswerHeaders() },
      parameters: { ...paymentParameters(), [WRITE_KEY_PARAMETER]: writeIdempotencyKeyParameter() },
      securitySchemes: {
        [X402_SCHEME_NAME]: x402SecurityScheme(),
        [MPP_SCHEME_NAME]: mppSecurityScheme(),
        [MARKETPLACE_TOKEN_SCHEME]: marketplaceTokenScheme(),
        [ORDER_STATUS_SCHEME]: orderStatusScheme(),
      },
    },
  };
}
