// order_status: a bought placement's or evaluation's state (GET /api/shop/orders/{id}), authorised by
// the statusAuthorization its purchase returned.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { orderStatusSchema } from "../../server/orders/order-status-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

export function registerOrderStatus(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "order_status",
    {
      title: "Order status",
      description:
        "The state and history of an order (a placement or an evaluation) bought earlier; needs the statusAuthorization the purchase returned.",
      inputSchema: z.object({
        orderId: z.string().min(1).max(200),
        statusAuthorization: z
          .string()
          .min(1)
          .max(2000)
          .describe("The purchase's statusAuthorization value (sent as the Authorization header)."),
      }),
      outputSchema: toolOutputSchema(orderStatusSchema),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ orderId, statusAuthorization }) =>
      guarded(async () =>
        fromResult(await client.orderStatus(orderId, statusAuthorization), (value) => ({
          structured: value,
          summary: `order ${orderId}: ${value.status}`,
        })),
      ),
  );
}
