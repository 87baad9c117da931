import { z } from "zod";
import { tokenWriteRoute } from "@/server/http/token-write-route";
import { reviewIdSchema } from "@/server/reviews/get-review";
import { commentIdSchema, commentInput, deleteComment, editComment } from "@/server/reviews/comments";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

const commentPath = z.object({ id: reviewIdSchema, commentId: commentIdSchema });

// An agent edits or deletes its own comments (the token that wrote them).
export const PATCH = tokenWriteRoute({
  params: commentPath,
  body: commentInput,
  operation: ({ commentId }) => `comment.edit ${commentId}`,
  run: async (agent, { id, commentId }, input, tx) => ({ status: 200, body: { ok: true, comment: await editComment(agent, commentId, input, { reviewId: id }, tx) } }),
});

export const DELETE = tokenWriteRoute({
  params: commentPath,
  operation: ({ commentId }) => `comment.delete ${commentId}`,
  run: async (agent, { id, commentId }, _input, tx) => {
    await deleteComment(agent, commentId, { reviewId: id }, tx);
    return { status: 200, body: { ok: true } };
  },
});

export const { GET, HEAD, POST, PUT, OPTIONS } = methodNotAllowed(["PATCH", "DELETE"]);
