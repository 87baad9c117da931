// The OpenAPI document of the routes this edge serves: the paid products (server/products/products.ts)
// and the free operations (operations/free-operations.ts), assembled by server/openapi/build-document.ts.
// /openapi.json answers it and /docs renders it.
import { baseUrl } from "../env";
import { assembleOpenApiDocument } from "../openapi/build-document";
import type { FreeOperation } from "../openapi/free-operation";
import type { OpenApiDocument } from "../openapi/openapi-types";
import type { ProductDefinition } from "../products/product";
import { PRODUCT_LIST } from "../products/products";
import { FREE_OPERATIONS } from "./operations/free-operations";

/** The document for a base URL, the products sold and the free operations (the registries unless a test gives its own). */
export function buildOpenApiDocument(
  base: string,
  products: readonly ProductDefinition[] = PRODUCT_LIST,
  operations: readonly FreeOperation[] = FREE_OPERATIONS,
): OpenApiDocument {
  return assembleOpenApiDocument(base, products, operations);
}

let cached: { document: OpenApiDocument; json: string } | undefined;

/** The document for the configured BASE_URL, and its JSON text. Built once per process. */
export function openApiDocument(): { document: OpenApiDocument; json: string } {
  if (!cached) {
    const document = buildOpenApiDocument(baseUrl);
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
