// GET /api/shop/orders/{id} (server/orders/order-status.ts): private status polling of a queued
// order with its statusAuthorization as a Bearer credential, and that credential's security scheme.
import { z } from "zod";
import { ORDER_FLOWS } from "../orders/order-states";
import { orderStatusResponseSchema } from "../orders/order-view";
import { SCHEMA_NAMES } from "./component-schemas";
import { inlineSchema } from "./json-schema";
import type { BearerSecuritySchemeObject, HeaderObject, PathsObject, Reference, ResponseObject } from "./openapi-types";
import { headerRef } from "./payment-headers";
import { freeReadResponses, jsonContent } from "./responses";

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

const flows = Object.entries(ORDER_FLOWS)
  .map(([product, flow]) => `${product}: ${Object.entries(flow.moves).map(([action, m]) => `${action} (${m.from.join("|")} → ${m.to})`).join(", ")}`)
  .join("; ");

export const ORDER_STATUS_CHALLENGE_HEADER = "WWW-Authenticate";

/** Response headers of the route, described once in components.headers (/docs links to them). */
export function orderHeaders(): Record<string, HeaderObject> {
  return {
    [ORDER_STATUS_CHALLENGE_HEADER]: {
      description: 'With 401 from `GET /api/shop/orders/{id}`: `Bearer realm="order-status"`, the credential the route takes.',
      required: false,
      schema: { type: "string" },
    },
  };
}

const noStore: Record<string, HeaderObject | Reference> = { "Cache-Control": { description: "Private answers: never stored.", required: true, schema: { type: "string", const: "no-store" } } };
const error = (description: string, headers: Record<string, HeaderObject | Reference> = {}): ResponseObject => ({ description, headers: { ...noStore, ...headers }, content: jsonContent(SCHEMA_NAMES.apiError) });

export function orderPaths(): PathsObject {
  return {
    "/api/shop/orders/{id}": {
      get: {
        operationId: "getOrderStatus",
        summary: "Poll a queued order's state, history and result",
        description:
          "The order a placement or evaluation purchase answered with (202 `order`): its state, every state it entered (oldest first) and, for a " +
          "completed evaluation, the published review (`result`). An active placement carries its window (`activeFrom`, `activeUntil`) and " +
          `becomes \`expired\` by itself after its end (checked every ORDER_EXPIRY_INTERVAL_MS, default 60 s). Operators move orders: ${flows}. Free, rate-limited per client (RATE_LIMIT_RECOVERY_*).`,
        tags: ["Shop"],
        security: [{ [ORDER_STATUS_SCHEME]: [] }],
        parameters: [{ name: "id", in: "path", required: true, description: "The order's id (`order.id` of the purchase answer).", schema: inlineSchema(z.string().min(1).max(200)) }],
        responses: {
          "200": { description: "The order.", headers: noStore, content: { "application/json": { schema: inlineSchema(orderStatusResponseSchema, "output") } } },
          "401": error("unauthorized: no `Authorization: Bearer …` credential.", { [ORDER_STATUS_CHALLENGE_HEADER]: headerRef(ORDER_STATUS_CHALLENGE_HEADER) }),
          "404": error("not_found: no order with this id for this credential. A wrong credential and an unknown id get the same answer."),
          "405": freeReadResponses()["405"]!,
          "429": freeReadResponses()["429"]!,
          "503": freeReadResponses()["503"]!,
        },
      },
    },
  };
}

