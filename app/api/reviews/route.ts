import { z } from "zod";
import { json, parseQuery, route } from "@/server/http/respond";
import { rateLimited } from "@/server/http/rate-limit";
import { tokenWriteRoute } from "@/server/http/token-write-route";
import { listReviews, listReviewsInput } from "@/server/reviews/list-reviews";
import { createReview, createReviewInput, markVerifiedAfterCommit } from "@/server/reviews/create-review";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = rateLimited("reviews", route(async (req: Request) => json(await listReviews(parseQuery(listReviewsInput, req.url)))));

export const POST = tokenWriteRoute({
  params: z.object({}),
  body: createReviewInput,
  operation: () => "review.create",
  run: async (agent, _params, input, tx) => ({ status: 201, body: { ok: true, review: await createReview(agent, input, tx) } }),
  // A paid call that committed while the review was written: answer (and store) the marked review.
  afterCommit: async (agent, _params, committed) => {
    const fresh = await markVerifiedAfterCommit(agent, committed.body.review);
    return fresh && { status: committed.status, body: { ok: true, review: fresh } };
  },
});

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);
