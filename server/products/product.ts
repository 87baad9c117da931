// A paid product (decisions.md §2): what it costs, what a purchase must send, how it is delivered,
// and how the document and /docs present it. This declaration is the only place a product is
// written down: the registry (products.ts), its routes (app/api/shop/[product]), the OpenAPI
// operations and schemas, the 402 `product` object and its /docs section all derive from it. The
// payment layer (server/payments/) sells any product defined this way.
import type { z } from "zod";
import type { ErrorCode } from "../errors";

export type PaymentProtocol = "x402" | "mpp";

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

export interface ProductDefinition<Input = unknown> {
  id: string;
  name: string;
  description: string;
  /** operationId of the paid POST; describeOperationId of the free GET that answers 402. */
  operationId: string;
  describeOperationId: string;
  method: "POST";
  /** `/api/shop/<segment>`: the route is app/api/shop/[product] (products.ts checks the form). */
  path: string;
  priceAtomic: number;
  protocols: readonly PaymentProtocol[];
  delivery: "immediate" | "queued";
  /** The body contract as published (a metadata probe may omit fields). */
  requestSchema: z.ZodType;
  /** What a paid purchase must send; checked after the signature, before any payment step. */
  purchaseSchema: z.ZodType<Input>;
  /** The whole success body (ok, idempotentReplay, requestId and the result), for the docs and tests. */
  resultSchema: z.ZodType;
  /** A complete request body a purchase can send as it is. */
  example: Record<string, unknown>;
  docs: ProductDocs;
  /**
   * True when fulfil only reads (no side effects): the payment layer then runs it while the
   * payment settles and keeps the result only once the settlement is recorded.
   */
  fulfilmentReadsOnly?: boolean;
  /** Status of a paid answer: 200 for an immediate result, 202 for a queued order. */
  successStatus: 200 | 202;
  /**
   * Input rules the schema cannot state because they need data (the service slug is catalogued):
   * throws AppError invalid_request with `issues`. Runs on the free validate route and on a signed
   * purchase before anything is verified or settled. Must only read.
   */
  checkInput?(input: Input): Promise<void>;
  /**
   * Availability, not input: runs after checkInput, before anything is verified or settled; an
   * AppError thrown here is the answer, uncharged (the paid ad's 409 no_eligible_ad). Must only
   * read. Not run by the validate route: a valid body may still find nothing available.
   */
  precheck?(input: Input): Promise<void>;
  /** Codes precheck may answer (besides checkInput's invalid_request), for the document. */
  precheckCodes?: readonly ErrorCode[];
  /**
   * The paid result: fields of the success body after ok, idempotentReplay and requestId. Runs
   * after settlement, possibly more than once for one purchase (a crash, a retry, the
   * reconciler): a fulfilment that writes must be idempotent on `context.purchaseId`.
   */
  fulfil(input: Input, context: FulfilmentContext): Promise<Record<string, unknown>>;
}

/** The purchase a fulfilment serves. */
export interface FulfilmentContext {
  purchaseId: string;
  idempotencyKey: string;
  payer: string;
}

const pascal = (id: string) => id.replace(/(^|[-_])([a-z0-9])/g, (_, _sep: string, c: string) => c.toUpperCase());

/** The components.schemas names of a product's request body and success body. */
export function productSchemaNames(product: ProductDefinition): { request: string; result: string } {
  return { request: product.docs.request.name ?? `${pascal(product.id)}Request`, result: product.docs.result.name ?? `${pascal(product.id)}Purchase` };
}

/** The last segment of the product's path: what app/api/shop/[product] receives. */
export const productSegment = (product: Pick<ProductDefinition, "path">) => product.path.slice(product.path.lastIndexOf("/") + 1);

/** operationId of the free validation route, from the purchase's (buyX -> validateX). */
export const validateOperationId = (product: Pick<ProductDefinition, "operationId">) =>
  `validate${product.operationId.replace(/^buy/, "").replace(/^./, (c) => c.toUpperCase())}`;

export const validatePath = (product: Pick<ProductDefinition, "path">) => `${product.path}/validate`;
