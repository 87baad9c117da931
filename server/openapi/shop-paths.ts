// Paths of the paid products (decisions.md §2), one set per declared product: GET and POST on the
// product's path, and its free validation route.
import type { ProductDefinition } from "../products/product";
import { validatePath } from "../products/product";
import type { PathsObject } from "./openapi-types";
import { withMppDescribe, withMppPurchase } from "./mpp-operations";
import { describeOperation, purchaseOperation, validateOperation } from "./paid-product-operations";

export function shopPaths(baseUrl: string, products: readonly ProductDefinition[]): PathsObject {
  return Object.fromEntries(
    products.flatMap((product) => [
      [
        product.path,
        {
          get: withMppDescribe(describeOperation(product, baseUrl), product),
          post: withMppPurchase(purchaseOperation(product, baseUrl), product),
        },
      ],
      [validatePath(product), { post: validateOperation(product) }],
    ]),
  );
}
