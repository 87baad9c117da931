// submit_listing: send a listing to the operators' review (POST /api/listings/{id}/submit).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { listingIdSchema, listingSchema } from "../../server/listings/listing-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { LISTING_WRITE, listingSummary } from "./listing-summary";

export function registerSubmitListing(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "submit_listing",
    {
      title: "Submit a listing for review",
      description:
        "Moves a draft to pending_review and keeps the submitted version as a new revision; it needs an offer and a primaryCapability. Operators review it before it enters the catalog.",
      inputSchema: listingIdSchema,
      outputSchema: toolOutputSchema(listingSchema),
      annotations: LISTING_WRITE,
    },
    ({ id }) =>
      guarded(async () =>
        fromResult(await client.submitListing(id), (value) => ({ structured: value, summary: listingSummary(value) })),
      ),
  );
}
