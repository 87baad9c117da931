// edit_listing: change what the probe could not know (PATCH /api/listings/{id}).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { editListingInput, listingIdSchema, listingSchema } from "../../server/listings/listing-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { LISTING_WRITE, listingSummary } from "./listing-summary";

export function registerEditListing(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "edit_listing",
    {
      title: "Edit a listing",
      description:
        "Change a draft's (or waiting listing's) name, description, website, docsUrl (https), primaryCapability, tags or facts with sources; a listing waiting for review goes back to draft (submit it again). Offers change only with the provider's 402.",
      inputSchema: z.object({
        id: listingIdSchema.shape.id,
        changes: editListingInput.describe("The fields to change, at least one; null clears website or docsUrl."),
      }),
      outputSchema: toolOutputSchema(listingSchema),
      annotations: { ...LISTING_WRITE, idempotentHint: true },
    },
    ({ id, changes }) =>
      guarded(async () =>
        fromResult(await client.editListing(id, changes), (value) => ({
          structured: value,
          summary: listingSummary(value),
        })),
      ),
  );
}
