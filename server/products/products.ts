// Every paid product the marketplace sells, by id.
import type { ProductDefinition } from "./product";
import { shortlistProduct } from "./shortlist-product";

export const PRODUCTS: Record<string, ProductDefinition> = {
  [shortlistProduct.id]: shortlistProduct as ProductDefinition,
};
