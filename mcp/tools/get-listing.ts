// get_listing: one of the token's account's listings (GET /api/listings/{id}).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { listingIdSchema, listingSchema } from "../../server/listings/listing-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { LISTING_READ, listingSummary } from "./listing-summary";

export function registerGetListing(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "get_listing",
    {
      title: "Get a listing",
      description: "One of your listings by id: status, draft record, each URL's probe verdict, payees and revision.",
      inputSchema: listingIdSchema,
      outputSchema: toolOutputSchema(listingSchema),
      annotations: LISTING_READ,
    },
    ({ id }) =>
      guarded(async () =>
        fromResult(await client.getListing(id), (value) => ({ structured: value, summary: listingSummary(value) })),
      ),
  );
}
