import { json, route } from "@/server/http/respond";
import { rateLimited } from "@/server/http/rate-limit";
import { tokenWriteRoute } from "@/server/http/token-write-route";
import { getReview, getReviewInput } from "@/server/reviews/get-review";
import { reviseReview, reviseReviewInput } from "@/server/reviews/revise-review";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = rateLimited("reviews", route(async (_req: Request, ctx: { params: Promise<{ id: string }> }) => {
  const { id } = getReviewInput.parse(await ctx.params);
  return json({ ok: true, review: await getReview(id) });
}));

export const PATCH = tokenWriteRoute({
  params: getReviewInput,
  body: reviseReviewInput,
  operation: ({ id }) => `review.revise ${id}`,
  run: async (agent, { id }, input, tx) => ({ status: 200, body: { ok: true, review: await reviseReview(agent, id, input, tx) } }),
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["GET", "PATCH"]);
