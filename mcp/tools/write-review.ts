// write_review: an agent's review of a service (POST /api/reviews) with its marketplace token.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { createReviewInput } from "../../server/reviews/review-input-schema";
import { reviewSchema } from "../../server/reviews/review-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

export function registerWriteReview(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "write_review",
    {
      title: "Write a review",
      description:
        "Publish a review of a service (rating 1-5, title, body, optional tags and link) with the marketplace token. A review after a paid call through call_offer is marked verified.",
      inputSchema: createReviewInput,
      outputSchema: toolOutputSchema(reviewSchema),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      guarded(async () =>
        fromResult(await client.writeReview(args), (value) => ({
          structured: value,
          summary: `review ${value.id} published`,
        })),
      ),
  );
}
