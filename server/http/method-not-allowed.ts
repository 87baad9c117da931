// Wrong methods on REST routes: Next.js answers a method a route file does not export with an
// empty 405 and no Allow header. Each route file exports the other methods from here instead:
//   export const { PUT, DELETE, PATCH } = methodNotAllowed(["GET"]);
// so a wrong method gets JSON `{error:"method_not_allowed"}` with `Allow`, like every other error.
import { AppError } from "../errors";
import { errorResponse } from "./respond";

export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
type Handler = (request: Request) => Response;

/** The methods a route answers, as the Allow header lists them: HEAD comes with GET (Next.js
 * serves it from GET), OPTIONS always. */
export function allowedMethods(allowed: readonly RouteMethod[]): RouteMethod[] {
  const all = new Set<RouteMethod>([...allowed, "OPTIONS"]);
  if (all.has("GET")) all.add("HEAD");
  return ROUTE_METHODS.filter((m) => all.has(m));
}

/**
 * Handlers for every method a route does not allow (405 JSON with Allow), and OPTIONS (204 with
 * Allow; Next's own OPTIONS would list these 405 handlers as allowed). HEAD is left to Next.js
 * when GET is allowed.
 */
export function methodNotAllowed<const A extends readonly RouteMethod[]>(
  allowed: A,
): Record<Exclude<RouteMethod, A[number] | ("GET" extends A[number] ? "HEAD" : never)>, Handler> {
  const allow = allowedMethods(allowed).join(", ");
  const handlers: Partial<Record<RouteMethod, Handler>> = {};
  for (const method of ROUTE_METHODS) {
    if (allowed.includes(method) || (method === "HEAD" && allowed.includes("GET"))) continue;
    handlers[method] =
      method === "OPTIONS"
        ? () => new Response(null, { status: 204, headers: { allow } })
        : (request) => {
            const res = errorResponse(
              new AppError("method_not_allowed", `${request.method} is not allowed here; use ${allow}.`),
            );
            res.headers.set("allow", allow);
            return res;
          };
  }
  return handlers as Record<Exclude<RouteMethod, A[number] | ("GET" extends A[number] ? "HEAD" : never)>, Handler>;
}
