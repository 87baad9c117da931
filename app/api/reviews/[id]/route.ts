import { json, route } from "@/server/http/respond";
import { rateLimited } from "@/server/http/rate-limit";
import { getReview, getReviewInput } from "@/server/reviews/get-review";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = rateLimited("reviews", route(async (_req: Request, ctx: { params: Promise<{ id: string }> }) => {
  const { id } = getReviewInput.parse(await ctx.params);
  return json({ ok: true, review: await getReview(id) });
}));

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
