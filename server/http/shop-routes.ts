// app/api/shop/[product] and app/api/shop/[product]/validate: one route each for every product of
// the registry, so adding a product needs no route file. The path segment picks the product's
// handlers (payment-route.ts, validate-route.ts); an unknown segment is a JSON 404 for any method.
import { timedRoutes } from "../metrics/http-metrics";
import type { ProductDefinition } from "../products/product";
import { productSegment } from "../products/product";
import { paidProductRoutes } from "./payment-route";
import { methodNotAllowed } from "./method-not-allowed";
import { errorJson } from "./respond";
import { validateRoutes } from "./validate-route";

/** What Next.js passes a handler of a route under app/api/shop/[product]. */
export interface ShopRouteContext {
  params: Promise<{ product: string }>;
}

type Handler = (request: Request) => Response | Promise<Response>;
type ShopHandler = (request: Request, context: ShopRouteContext) => Promise<Response>;

function dispatch<M extends string>(
  products: readonly ProductDefinition[],
  methods: readonly M[],
  build: (product: ProductDefinition) => Record<M, Handler>,
): Record<M, ShopHandler> {
  const routes = new Map(products.map((p) => [productSegment(p), build(p)]));
  const known = products.map((p) => p.path).join(", ");
  const handler =
    (method: M): ShopHandler =>
    async (request, context) => {
      const route = routes.get((await context.params).product);
      if (!route)
        return errorJson(
          "not_found",
          `No product is sold at ${new URL(request.url).pathname.slice(0, 200)}. Products: ${known}.`,
        );
      return route[method](request);
    };
  return Object.fromEntries(methods.map((m) => [m, handler(m)])) as Record<M, ShopHandler>;
}

// Timed under the product's path: the static and the dynamic route of a product are one route.
const productHandlers = (p: ProductDefinition) =>
  timedRoutes(p.path, { ...paidProductRoutes(p), ...methodNotAllowed(["GET", "POST"]) });

/** GET describes (402), POST buys, the rest are 405: for every product, by path segment. */
export function shopProductRoutes(products: readonly ProductDefinition[]) {
  return dispatch(products, ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const, productHandlers);
}

/**
 * The same handlers for one product, for its own static route file (app/api/shop/<segment>/route.ts).
 * Next.js answers a static path faster than a dynamic segment (about 5 % of a 402's throughput on
 * this machine: scripts/bench-purchase.ts), so each product sold also gets a one-line route; the
 * dynamic route stays for unknown segments (JSON 404). A segment that names no product fails the build.
 */
export function productRoutes(products: readonly ProductDefinition[], segment: string) {
  const product = products.find((p) => productSegment(p) === segment);
  if (!product) throw new Error(`No product in PRODUCT_LIST is sold at /api/shop/${segment}.`);
  return productHandlers(product);
}

/** POST validates a body for free, the rest are 405: for every product, by path segment. */
export function shopValidateRoutes(products: readonly ProductDefinition[]) {
  return dispatch(products, ["POST", "GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"] as const, validateRoutes);
}
