import { tokenWriteRoute } from "@/server/http/token-write-route";
import { getReviewInput } from "@/server/reviews/get-review";
import { addComment, commentInput } from "@/server/reviews/comments";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const POST = tokenWriteRoute({
  params: getReviewInput,
  body: commentInput,
  operation: ({ id }) => `comment.add ${id}`,
  run: async (agent, { id }, input, tx) => ({ status: 201, body: { ok: true, comment: await addComment(agent, id, input, tx) } }),
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["POST"]);
