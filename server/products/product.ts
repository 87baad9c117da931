// A paid product (decisions.md §2): what it costs, what a purchase must send, how it is delivered,
// and how the document and /docs present it. This declaration is the only place a product is
// written down: the registry (products.ts), its routes (app/api/shop/[product]), the OpenAPI
// operations and schemas, the 402 `product` object and its /docs section all derive from it. The
// payment layer (server/payments/) sells any product defined this way: a declaration is a
// SellableProduct, the shape the payment layer defines, plus its documentation.
import type { z } from "zod";
import type { ErrorCode } from "../errors";
import type { SellableProduct } from "../payments/sellable-product";

/** A zod schema with the description its components.schemas entry carries. */
export interface NamedPart {
  schema: z.ZodType;
  description: string;
}

/** How the OpenAPI document and /docs present the product. */
export interface ProductDocs {
  /** Summary of the paid POST in the document, and the title of the product's /docs section. */
  summary: string;
  /** components.schemas entry of `requestSchema`; named `<Id>Request` unless `name` is given. */
  request: { name?: string; description: string };
  /** components.schemas entry of `resultSchema`; named `<Id>Purchase` unless `name` is given
   * (products that answer the same schema name it the same, e.g. QueuedPurchase). */
  result: { name?: string; description: string };
  /** Schemas inside the request or result that get components of their own (and $refs). */
  requestParts?: Record<string, NamedPart>;
  resultParts?: Record<string, NamedPart>;
}

/** A product's declaration: what the payment layer sells (SellableProduct), and how the document and /docs present it. */
export interface ProductDefinition<Input = unknown> extends SellableProduct<Input> {
  /** describeOperationId of the free GET that answers 402 (operationId names the paid POST). */
  describeOperationId: string;
  /** The whole success body (ok, idempotentReplay, requestId and the result), for the docs and tests. */
  resultSchema: z.ZodType;
  /** A short success body that parses with resultSchema (result-examples.ts), with the configured base URL. */
  resultExample(): Record<string, unknown>;
  docs: ProductDocs;
  /** Codes precheck may answer (besides checkInput's invalid_request), for the document. */
  precheckCodes?: readonly ErrorCode[];
}

const pascal = (id: string) => id.replace(/(^|[-_])([a-z0-9])/g, (_, _sep: string, c: string) => c.toUpperCase());

/** The components.schemas names of a product's request body and success body. */
export function productSchemaNames(product: ProductDefinition): { request: string; result: string } {
  return {
    request: product.docs.request.name ?? `${pascal(product.id)}Request`,
    result: product.docs.result.name ?? `${pascal(product.id)}Purchase`,
  };
}

/** The last segment of the product's path: what app/api/shop/[product] receives. */
export const productSegment = (product: Pick<ProductDefinition, "path">) =>
  product.path.slice(product.path.lastIndexOf("/") + 1);

/** operationId of the free validation route, from the purchase's (buyX -> validateX). */
export const validateOperationId = (product: Pick<ProductDefinition, "operationId">) =>
  `validate${product.operationId.replace(/^buy/, "").replace(/^./, (c) => c.toUpperCase())}`;

export const validatePath = (product: Pick<ProductDefinition, "path">) => `${product.path}/validate`;
