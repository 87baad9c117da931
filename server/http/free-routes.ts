// The route file of a free operation is one line: it hands the declarations of its path
// (server/http/operations/) to freeRoutes, which answers each declared method with its
// declaration's handler and every other method with a JSON 405 and Allow, or, when a declaration
// routes them itself (the observer: the offer's method), with its `otherMethods` handler.
import { timedRoutes } from "../metrics/http-metrics";
import type { FreeMethod, FreeOperation, RouteContext } from "../openapi/free-operation";
import { methodNotAllowed, ROUTE_METHODS, type RouteMethod } from "./method-not-allowed";

type Declared = (request: Request, context?: RouteContext) => Promise<Response>;
type Refused = (request: Request) => Response;
type HeadFromGet<M extends FreeMethod> = "GET" extends M ? "HEAD" : never;
/** The exports of a route file: the declared methods, and a 405 for the others (HEAD comes with GET). */
export type FreeRoutes<M extends FreeMethod> = Record<M, Declared> &
  Record<Exclude<RouteMethod, M | HeadFromGet<M>>, Refused>;
/** A declaration whose handler answers every other method of its path too. */
export interface SelfRoutedOperation<M extends FreeMethod = FreeMethod> extends FreeOperation<M> {
  otherMethods(request: Request, context?: RouteContext): Promise<Response>;
}

// Which declarations each handler a route file exports serves: the test that pairs route files with
// declarations (app/api/declared-routes.test.ts) reads it.
const served = new WeakMap<object, readonly FreeOperation[]>();

/** The declarations behind a handler that freeRoutes built, else undefined. */
export const declarationsServedBy = (handler: unknown): readonly FreeOperation[] | undefined =>
  typeof handler === "function" ? served.get(handler) : undefined;

export function freeRoutes<const Ops extends readonly SelfRoutedOperation[]>(
  ...operations: Ops
): Record<RouteMethod, Declared>;
export function freeRoutes<const Ops extends readonly FreeOperation[]>(
  ...operations: Ops
): FreeRoutes<Ops[number]["method"]>;
export function freeRoutes(...operations: readonly FreeOperation[]): Partial<Record<RouteMethod, Declared | Refused>> {
  const path = operations[0]?.path;
  if (!path || operations.some((op) => op.path !== path))
    throw new Error(`freeRoutes takes the declarations of one path: ${operations.map((op) => op.path).join(", ")}`);
  const methods = operations.map((op) => op.method);
  if (new Set(methods).size !== methods.length) throw new Error(`${path}: a method is declared twice`);
  const other = operations.find((op) => op.otherMethods);
  const handlers: Partial<Record<RouteMethod, Declared | Refused>> = other
    ? Object.fromEntries(
        ROUTE_METHODS.map((m) => [
          m,
          (request: Request, context?: RouteContext) => other.otherMethods!(request, context),
        ]),
      )
    : methodNotAllowed(methods);
  for (const op of operations)
    handlers[op.method] = (request: Request, context?: RouteContext) => op.handler(request, context);
  // Request durations under the declared path (`/api/reviews/{id}`), never the raw one.
  const timed = timedRoutes(path, handlers);
  for (const handler of Object.values(timed)) served.set(handler, operations);
  return timed;
}
