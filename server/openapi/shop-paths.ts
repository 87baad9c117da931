// Paths of the paid products. The shortlist is the one sold today (decisions.md §2).
import { shortlistProduct } from "../products/shortlist-product";
import { SCHEMA_NAMES } from "./component-schemas";
import type { PathsObject } from "./openapi-types";
import { describeOperation, purchaseOperation } from "./paid-product-operations";

export function shopPaths(baseUrl: string): PathsObject {
  return {
    [shortlistProduct.path]: {
      get: describeOperation(shortlistProduct, baseUrl, "Describe the software-vendor shortlist (402 challenge, never charges)"),
      post: purchaseOperation(shortlistProduct, baseUrl, "Buy a software-vendor shortlist", {
        request: SCHEMA_NAMES.shortlistRequest,
        result: SCHEMA_NAMES.shortlistPurchase,
      }),
    },
  };
}
