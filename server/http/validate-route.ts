// POST /api/shop/{product}/validate: the free check of a purchase body, so an agent learns what is
// wrong before it signs anything. The body is read and judged exactly as a signed purchase's (size
// cap, JSON nesting, schema, storable text, the product's data-backed rules); nothing is charged,
// verified or written, and no payment credential is read. Limited per client like the free reads.
import { timedRoutes } from "../metrics/http-metrics";
import type { ProductDefinition } from "../products/product";
import { validateProductRequest } from "../products/request-check";
import { methodNotAllowed } from "./method-not-allowed";
import { rateLimited } from "./rate-limit";
import { readBodyText } from "./read-body";
import { errorResponse, json } from "./respond";

export function validateRoutes(product: ProductDefinition) {
  return timedRoutes(`${product.path}/validate`, {
    POST: rateLimited("catalog", async (request: Request): Promise<Response> => {
      try {
        return json(await validateProductRequest(product, await readBodyText(request)));
      } catch (err) {
        return errorResponse(err);
      }
    }),
    ...methodNotAllowed(["POST"]),
  });
}
