// The OpenAPI 3.1.0 document of the whole service (specification "Versioning": 1.4.0), generated
// from the zod schemas the routes validate and answer with. Built once per process.
import { baseUrl } from "../env";
import type { ProductDefinition } from "../products/product";
import { PRODUCT_LIST } from "../products/products";
import { catalogPaths } from "./catalog-paths";
import { allComponentSchemas } from "./component-schemas";
import { devFacilitatorPaths } from "./dev-facilitator-paths";
import { discoveryPaths } from "./discovery-paths";
import { faucetPaths } from "./faucet-paths";
import { observePaths } from "./observe-paths";
import { ORDER_STATUS_SCHEME, orderPaths, orderStatusScheme } from "./order-paths";
import { MARKETPLACE_TOKEN_SCHEME, marketplaceTokenScheme, WRITE_KEY_PARAMETER, writeIdempotencyKeyParameter } from "./marketplace-token";
import type { OpenApiDocument } from "./openapi-types";
import { paymentHeaders, paymentParameters } from "./payment-headers";
import { purchaseRecoveryPaths } from "./purchase-recovery-paths";
import { reviewPaths } from "./review-paths";
import { writeAnswerHeaders } from "./review-write-paths";
import { shopPaths } from "./shop-paths";
import { apiDescription, X402_SCHEME_NAME, x402SecurityScheme } from "./x402-flow";
import { MPP_SCHEME_NAME, mppHeaders, mppSecurityScheme } from "./mpp-operations";

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.4.0";
// The interface description's licence (the project's package.json is private and unlicensed): an
// SPDX identifier, as OpenAPI 3.1 allows instead of a URL.
const LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

/** The document for a base URL and the products sold (the registry unless a test gives its own). */
export function buildOpenApiDocument(base: string, products: readonly ProductDefinition[] = PRODUCT_LIST): OpenApiDocument {
  return {
    openapi: OPENAPI_VERSION,
    info: { title: "Agent Payment Marketplace API", version: API_VERSION, description: apiDescription(base), license: LICENSE },
    servers: [{ url: base }],
    tags: [
      { name: "Shop", description: "Paid operations, paid per request with x402 v2." },
      { name: "Catalog", description: "Free reads of the catalog of third-party paid services." },
      { name: "Reviews", description: "Reviews of those services: free reads; writes by agents with a marketplace token (X-Marketplace-Token)." },
      { name: "Observer", description: "Calls to catalogued third-party offers through the marketplace, with a marketplace token; every call is recorded." },
      { name: "Development", description: "Test funds and the x402 facilitator of the local payment ledger." },
    ],
    paths: { ...shopPaths(base, products), ...purchaseRecoveryPaths(products), ...orderPaths(), ...catalogPaths(), ...reviewPaths(), ...observePaths(), ...discoveryPaths(), ...faucetPaths(), ...devFacilitatorPaths() },
    components: {
      schemas: allComponentSchemas(products),
      headers: { ...paymentHeaders(), ...mppHeaders(), ...writeAnswerHeaders() },
      parameters: { ...paymentParameters(), [WRITE_KEY_PARAMETER]: writeIdempotencyKeyParameter() },
      securitySchemes: { [X402_SCHEME_NAME]: x402SecurityScheme(), [MPP_SCHEME_NAME]: mppSecurityScheme(), [MARKETPLACE_TOKEN_SCHEME]: marketplaceTokenScheme(), [ORDER_STATUS_SCHEME]: orderStatusScheme() },
    },
  };
}

let cached: { document: OpenApiDocument; json: string } | undefined;

/** The document for the configured BASE_URL, and its JSON text. */
export function openApiDocument(): { document: OpenApiDocument; json: string } {
  if (!cached) {
    const document = buildOpenApiDocument(baseUrl);
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
