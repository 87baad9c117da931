// create_listing: list an x402 API (POST /api/listings) with the marketplace token: the marketplace
// probes each resource URL once, unpaid, and answers the draft with each URL's verdict.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { listingSchema, resourceUrlSchema } from "../../server/listings/listing-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { listingSummary } from "./listing-summary";

export function registerCreateListing(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "create_listing",
    {
      title: "List an API",
      description:
        "Draft a listing of your x402 API from its resource URLs (each probed once, unpaid, by the marketplace's SSRF-safe client): offers (method, path, price, network, payTo) from each 402, a guessed capability, each URL's probe verdict. Then edit_listing, prove each payee (payee_challenge, prove_payee) and submit_listing. Needs the marketplace token.",
      inputSchema: z.object({
        resourceUrls: z
          .array(resourceUrlSchema)
          .min(1)
          .describe("Absolute http(s) URLs that answer 402 with x402 terms, each once (the server caps the count)."),
      }),
      outputSchema: toolOutputSchema(listingSchema),
      // The marketplace calls the URLs given: the outside world is reached.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ resourceUrls }) =>
      guarded(async () =>
        fromResult(await client.createListing(resourceUrls), (value) => ({
          structured: value,
          summary: listingSummary(value),
        })),
      ),
  );
}
