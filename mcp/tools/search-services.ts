// search_services: the free catalog search (GET /api/catalog/search) with its filters.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { searchServicesInput } from "../../server/catalog/search-input-schema";
import { searchResultSchema } from "../../server/catalog/search-result-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

export function registerSearchServices(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "search_services",
    {
      title: "Search services",
      description:
        "Free relevance search over the catalog of paid APIs, with optional filters (capability, payment protocol, max price, tested, healthy: what the marketplace's own probes observed). Returns ranked service summaries, each with its health.",
      inputSchema: searchServicesInput,
      outputSchema: toolOutputSchema(searchResultSchema),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () =>
        fromResult(await client.searchServices(args), (value) => ({
          structured: value,
          summary: `${value.services.length} service(s)${value.query ? ` for "${value.query}"` : " (most called; give q to search)"}`,
        })),
      ),
  );
}
