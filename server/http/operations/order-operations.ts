// GET /api/shop/orders/{id} (server/orders/order-status.ts): private status polling of a queued
// order with its statusAuthorization as a Bearer credential; the edge is order-status-route.ts.
import { z } from "zod";
import { ORDER_FLOWS } from "../../orders/order-states";
import { orderStatusResponseSchema } from "../../orders/order-view";
import { errorResponses, FREE_HEADERS, FREE_READ_CODES } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { inlineSchema } from "../../openapi/json-schema";
import type { HeaderObject, Reference } from "../../openapi/openapi-types";
import { ORDER_STATUS_SCHEME } from "../../openapi/order-status-scheme";
import { orderStatusRoute } from "../order-status-route";

const flows = Object.entries(ORDER_FLOWS)
  .map(
    ([product, flow]) =>
      `${product}: ${Object.entries(flow.moves)
        .map(([action, m]) => `${action} (${m.from.join("|")} → ${m.to})`)
        .join(", ")}`,
  )
  .join("; ");

// Inline, not a component: components.headers["WWW-Authenticate"] is the MPP challenge header of
// the products' 402s (server/openapi/mpp-operations.ts), a different value under the same name.
const bearerChallenge: HeaderObject = {
  description:
    'With 401 from `GET /api/shop/orders/{id}`: `Bearer realm="order-status"`, the credential the route takes.',
  required: true,
  schema: { type: "string", const: 'Bearer realm="order-status"' },
};

const noStore: Record<string, HeaderObject | Reference> = {
  "Cache-Control": {
    description: "Private answers: never stored.",
    required: true,
    schema: { type: "string", const: "no-store" },
  },
};

export const getOrderStatusOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/shop/orders/{id}",
  operationId: "getOrderStatus",
  summary: "Poll a queued order's state, history and result",
  description:
    "The order a placement or evaluation purchase answered with (202 `order`): its state, every state it entered (oldest first) and, for a " +
    "completed evaluation, the published review (`result`). An active placement carries its window (`activeFrom`, `activeUntil`) and " +
    `becomes \`expired\` by itself after its end (checked every ORDER_EXPIRY_INTERVAL_MS, default 60 s). Operators move orders: ${flows}. Free, rate-limited per client (RATE_LIMIT_RECOVERY_*).`,
  tags: ["Shop"],
  security: [{ [ORDER_STATUS_SCHEME]: [] }],
  parameters: [
    {
      name: "id",
      in: "path",
      required: true,
      description: "The order's id (`order.id` of the purchase answer).",
      schema: inlineSchema(z.string().min(1).max(200)),
    },
  ],
  responses: {
    "200": {
      description: "The order.",
      headers: noStore,
      content: { "application/json": { schema: inlineSchema(orderStatusResponseSchema, "output") } },
    },
    ...errorResponses(["unauthorized", "not_found", ...FREE_READ_CODES], {
      detail: {
        unauthorized: "Here: no `Authorization: Bearer …` credential.",
        not_found:
          "Here: no order with this id for this credential. A wrong credential and an unknown id get the same answer.",
      },
      headers: { ...FREE_HEADERS, unauthorized: { "WWW-Authenticate": bearerChallenge } },
      always: noStore,
    }),
  },
  handler: orderStatusRoute().GET,
};
