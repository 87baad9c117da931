// get_service: one service's record (GET /api/catalog/services/{slug}), with its offers and reputation.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { serviceRecordSchema } from "../../server/catalog/service-record-schema";
import { serviceSlugSchema } from "../../server/catalog/slug-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

export function registerGetService(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "get_service",
    {
      title: "Get a service",
      description:
        "The full record of one catalogued service by slug: offers (ids for call_offer, prices, protocols), reputation and links.",
      inputSchema: z.object({ slug: serviceSlugSchema }),
      outputSchema: toolOutputSchema(serviceRecordSchema),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ slug }) =>
      guarded(async () =>
        fromResult(await client.getService(slug), (value) => ({
          structured: value,
          summary: `${value.service.name} (${value.service.offers.length} offer(s))`,
        })),
      ),
  );
}
