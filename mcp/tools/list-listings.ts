// list_listings: the listings of the token's account (GET /api/listings), newest first.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { listingSchema } from "../../server/listings/listing-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { LISTING_READ } from "./listing-summary";

export function registerListListings(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "list_listings",
    {
      title: "Your listings",
      description:
        "Every listing of the marketplace token's account, newest first, with status, draft record, probe verdicts and payees.",
      inputSchema: z.object({}),
      outputSchema: toolOutputSchema(z.object({ listings: z.array(listingSchema) })),
      annotations: LISTING_READ,
    },
    () =>
      guarded(async () =>
        fromResult(await client.listListings(), (listings) => ({
          structured: { listings },
          summary: `${listings.length} listing(s)`,
        })),
      ),
  );
}
