// Every paid product the marketplace sells, by id.
import { adProduct } from "./ad-product";
import { evaluationProduct } from "./evaluation-product";
import { placementProduct } from "./placement-product";
import type { ProductDefinition } from "./product";
import { shortlistProduct } from "./shortlist-product";

export const PRODUCTS: Record<string, ProductDefinition> = Object.fromEntries(
  [shortlistProduct, placementProduct, evaluationProduct, adProduct].map((p) => [p.id, p as ProductDefinition]),
);
