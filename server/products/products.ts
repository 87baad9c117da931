// Every paid product the marketplace sells: adding a product is declaring it (a ProductDefinition)
// and listing it here; its routes, OpenAPI operations and /docs section follow from the list.
import { adProduct } from "./ad-product";
import { evaluationProduct } from "./evaluation-product";
import { placementProduct } from "./placement-product";
import { productSegment, type ProductDefinition } from "./product";
import { PRODUCT_MANIFEST } from "./product-manifest-schema";
import { shortlistProduct } from "./shortlist-product";

// Other routes under /api/shop (app/api/shop/orders, purchases): a product may not take their name.
const RESERVED_SEGMENTS = new Set(["orders", "purchases"]);
const PRODUCT_PATH = /^\/api\/shop\/[a-z][a-z0-9-]{0,39}$/;

/** The products as given, after checking what the routes and the document rely on. */
export function checkedProducts(products: readonly ProductDefinition[]): readonly ProductDefinition[] {
  const seen = { id: new Set<string>(), segment: new Set<string>(), operationId: new Set<string>() };
  for (const p of products) {
    if (!PRODUCT_PATH.test(p.path))
      throw new Error(`product ${p.id}: path must be /api/shop/<lowercase segment>, not ${p.path}`);
    const segment = productSegment(p);
    if (RESERVED_SEGMENTS.has(segment)) throw new Error(`product ${p.id}: /api/shop/${segment} is another route`);
    for (const [kind, value] of [
      ["id", p.id],
      ["segment", segment],
      ["operationId", p.operationId],
    ] as const) {
      if (seen[kind].has(value)) throw new Error(`two products share the ${kind} ${value}`);
      seen[kind].add(value);
    }
    if (p.describeOperationId === p.operationId)
      throw new Error(`product ${p.id}: describeOperationId equals operationId`);
  }
  return products;
}

export const PRODUCT_LIST: readonly ProductDefinition[] = checkedProducts([
  shortlistProduct,
  placementProduct,
  evaluationProduct,
  adProduct,
] as ProductDefinition[]);

// The typed client offers what the manifest lists: the registry sells exactly those products.
const unlisted = Object.keys(PRODUCT_MANIFEST).filter((id) => !PRODUCT_LIST.some((p) => p.id === id));
if (unlisted.length > 0 || PRODUCT_LIST.length !== Object.keys(PRODUCT_MANIFEST).length)
  throw new Error(`PRODUCT_LIST and product-manifest-schema.ts differ (${unlisted.join(", ")})`);
