// Paths of the paid products (decisions.md §2).
import { evaluationProduct } from "../products/evaluation-product";
import { placementProduct } from "../products/placement-product";
import { shortlistProduct } from "../products/shortlist-product";
import { SCHEMA_NAMES } from "./component-schemas";
import type { PathsObject } from "./openapi-types";
import { withMppDescribe, withMppPurchase } from "./mpp-operations";
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
    [placementProduct.path]: {
      get: withMppDescribe(describeOperation(placementProduct, baseUrl, "Describe the sponsored placement (402 challenge, never charges)"), placementProduct),
      post: withMppPurchase(
        purchaseOperation(placementProduct, baseUrl, "Buy a sponsored placement (queued order)", { request: SCHEMA_NAMES.placementRequest, result: SCHEMA_NAMES.queuedPurchase }),
        placementProduct,
      ),
    },
    [evaluationProduct.path]: {
      get: withMppDescribe(describeOperation(evaluationProduct, baseUrl, "Describe the evaluation request (402 challenge, never charges)"), evaluationProduct),
      post: withMppPurchase(
        purchaseOperation(evaluationProduct, baseUrl, "Buy an independent first-hand evaluation (queued order)", { request: SCHEMA_NAMES.evaluationRequest, result: SCHEMA_NAMES.queuedPurchase }),
        evaluationProduct,
      ),
    },
  };
}
