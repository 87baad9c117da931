// The Bearer security scheme of private order status polling (GET /api/shop/orders/{id}, declared
// in server/http/operations/order-operations.ts): the order's statusAuthorization.
import type { BearerSecuritySchemeObject } from "./openapi-types";

export const ORDER_STATUS_SCHEME = "orderStatusAuthorization";

export function orderStatusScheme(): BearerSecuritySchemeObject {
  return {
    type: "http",
    scheme: "bearer",
    description:
      "The `order.statusAuthorization` of a placement or evaluation purchase (`osa_` + 43 characters), sent as `Authorization: Bearer <statusAuthorization>`. " +
      "It is shown with the purchase answer and its replays only, and stored hashed.",
  };
}
