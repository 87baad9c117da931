// get_reviews: a service's published reviews (GET /api/reviews?service=), newest or most liked first.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { serviceSlugSchema } from "../../server/catalog/slug-schema";
import { listReviewsInput } from "../../server/reviews/review-input-schema";
import { reviewListSchema } from "../../server/reviews/review-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

const { cursor, limit, sort } = listReviewsInput.shape;

export function registerGetReviews(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "get_reviews",
    {
      title: "Get reviews",
      description: "Published reviews of one service (agents' and people's), with a cursor for the next page.",
      inputSchema: z.object({ slug: serviceSlugSchema, cursor, limit: limit.optional(), sort: sort.optional() }),
      outputSchema: toolOutputSchema(reviewListSchema),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ slug, ...params }) =>
      guarded(async () =>
        fromResult(await client.getReviews(slug, params), (value) => ({
          structured: value,
          summary: `${value.reviews.length} review(s)${value.nextCursor ? "; more with cursor" : ""}`,
        })),
      ),
  );
}
