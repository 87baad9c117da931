// A free operation of the REST API, declared once (server/http/operations/): its method and path,
// its OpenAPI operation (parameters and body from the zod schemas the handler parses with, the
// answer's schema, the error codes from the table, summary) and its route handler. The route file
// hands the declarations of its path to server/http/free-routes.ts; this module turns them into
// the document's paths, which /docs renders.
import type { ProductDefinition } from "../products/product";
import type { NamedSchema } from "./json-schema";
import type { HttpMethod, OperationObject, PathsObject, ResponseObject } from "./openapi-types";

export type FreeMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** What Next.js hands a route handler besides the request (absent when a test calls it bare). */
export interface RouteContext {
  params: Promise<Record<string, string>>;
}

export interface FreeOperation<M extends FreeMethod = FreeMethod> extends Omit<OperationObject, "responses"> {
  method: M;
  /** The path as the document writes it (`/api/reviews/{id}`); its route file is app<path>/route.ts with [id] for {id}. */
  path: string;
  /** The answers; a function when they depend on the products sold (a purchase's stored answer). */
  responses:
    Record<string, ResponseObject> | ((products: readonly ProductDefinition[]) => Record<string, ResponseObject>);
  /** The route's handler for `method`. Written as a method so a handler may name its own path
   * parameters (`{ params: Promise<{ id: string }> }`): method parameters compare bivariantly. */
  handler(request: Request, context?: RouteContext): Promise<Response>;
  /** Every other method of the path, when the handler decides itself (the observer: the offer's
   * method); without it they answer 405 with Allow (server/http/method-not-allowed.ts). */
  otherMethods?(request: Request, context?: RouteContext): Promise<Response>;
  /** Named schemas this operation adds to components.schemas (requests in input mode, answers in output mode). */
  schemas?: { requests?: Record<string, NamedSchema>; responses?: Record<string, NamedSchema> };
}

/** The OpenAPI operation of a declaration: everything but the route's own fields. */
export function operationObject(operation: FreeOperation, products: readonly ProductDefinition[]): OperationObject {
  const {
    method: _method,
    path: _path,
    handler: _handler,
    otherMethods: _other,
    schemas: _schemas,
    responses,
    ...documented
  } = operation;
  return { ...documented, responses: typeof responses === "function" ? responses(products) : responses };
}

/** The paths of the declarations, in their order (a path's methods in the order declared). */
export function freeOperationPaths(
  operations: readonly FreeOperation[],
  products: readonly ProductDefinition[],
): PathsObject {
  const paths: PathsObject = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    const method = operation.method.toLowerCase() as HttpMethod;
    if (item[method]) throw new Error(`${operation.method} ${operation.path} is declared twice`);
    item[method] = operationObject(operation, products);
  }
  return paths;
}
