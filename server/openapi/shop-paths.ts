// Paths of the paid products (decisions.md §2).
import { adProduct } from "../products/ad-product";
import { evaluationProduct } from "../products/evaluation-product";
import { placementProduct } from "../products/placement-product";
import { shortlistProduct } from "../products/shortlist-product";
import { SCHEMA_NAMES } from "./component-schemas";
import type { OperationObject, PathsObject } from "./openapi-types";
import { describeOperation, purchaseOperation } from "./paid-product-operations";
import { jsonContent } from "./responses";

// The paid ad may also refuse with 409 no_eligible_ad, before any payment step.
function withNoEligibleAd(operation: OperationObject): OperationObject {
  const conflict = operation.responses["409"]!;
  return {
    ...operation,
    responses: {
      ...operation.responses,
      "409": {
        ...conflict,
        description:
          "no_eligible_ad: no active sponsored placement targets this context; decided before anything is verified or settled, so nothing is charged " +
          "and the same PAYMENT-SIGNATURE can be sent again later. " + conflict.description,
        content: jsonContent(SCHEMA_NAMES.adPurchaseConflict, { error: "no_eligible_ad", message: "No active sponsored placement matches this context.", charged: false }),
      },
    },
  };
}

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
      get: describeOperation(placementProduct, baseUrl, "Describe the sponsored placement (402 challenge, never charges)"),
      post: purchaseOperation(placementProduct, baseUrl, "Buy a sponsored placement (queued order)", {
        request: SCHEMA_NAMES.placementRequest,
        result: SCHEMA_NAMES.queuedPurchase,
      }),
    },
    [adProduct.path]: {
      get: describeOperation(adProduct, baseUrl, "Describe the paid ad retrieval (402 challenge, never charges)"),
      post: withNoEligibleAd(
        purchaseOperation(adProduct, baseUrl, "Buy a sponsored ad for a query or capability", {
          request: SCHEMA_NAMES.adRequest,
          result: SCHEMA_NAMES.adPurchase,
        }),
      ),
    },
    [evaluationProduct.path]: {
      get: describeOperation(evaluationProduct, baseUrl, "Describe the evaluation request (402 challenge, never charges)"),
      post: purchaseOperation(evaluationProduct, baseUrl, "Buy an independent first-hand evaluation (queued order)", {
        request: SCHEMA_NAMES.evaluationRequest,
        result: SCHEMA_NAMES.queuedPurchase,
      }),
    },
  };
}
