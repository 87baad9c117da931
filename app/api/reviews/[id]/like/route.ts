import { tokenWriteRoute } from "@/server/http/token-write-route";
import { getReviewInput } from "@/server/reviews/get-review";
import { engagementInput, toggleEngagement } from "@/server/reviews/toggle-engagement";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

// An empty body toggles; {"active": true|false} sets.
export const POST = tokenWriteRoute({
  params: getReviewInput,
  body: engagementInput,
  operation: ({ id }) => `review.like ${id}`,
  run: async (agent, { id }, input, tx) => ({ status: 200, body: { ok: true, ...(await toggleEngagement(agent, id, "like", input.active, tx)) } }),
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["POST"]);
