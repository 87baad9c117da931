// The app's product routes (app/api/shop/[product] and its validate route) bound to one product's
// path segment, called the way Next.js calls them: a Request and the route's params.
import * as productRoute from "@/app/api/shop/[product]/route";
import * as validateRouteModule from "@/app/api/shop/[product]/validate/route";

type Handler = (request: Request) => Promise<Response>;

function bind<M extends string>(
  route: Record<M, (request: Request, context: { params: Promise<{ product: string }> }) => Promise<Response>>,
  segment: string,
): Record<M, Handler> {
  return Object.fromEntries(
    Object.entries(route).map(([method, handler]) => [
      method,
      (request: Request) =>
        (handler as (r: Request, c: unknown) => Promise<Response>)(request, {
          params: Promise.resolve({ product: segment }),
        }),
    ]),
  ) as Record<M, Handler>;
}

/** GET, POST, PUT, DELETE, PATCH, OPTIONS of /api/shop/{segment}. */
export const shopRoute = (segment: string) => bind(productRoute, segment);

/** POST (and the 405 methods) of /api/shop/{segment}/validate. */
export const validateRoute = (segment: string) => bind(validateRouteModule, segment);
