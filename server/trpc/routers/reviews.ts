// Reviews for the human pages: reads (public), the viewer's own state, and a person's writes
// (memberProcedure: a session, JSON from our origin, the write limits; see init.ts).
import { z } from "zod";
import { commentIdSchema, commentInput, addComment, deleteComment, editComment } from "../../reviews/comments";
import { getReview, getReviewInput, reviewIdSchema } from "../../reviews/get-review";
import { listReviews, listReviewsInput } from "../../reviews/list-reviews";
import { ownCommentIds } from "../../reviews/own-comments";
import { getRatingDistribution, ratingDistributionInput } from "../../reviews/rating-distribution";
import { getReviewHistory } from "../../reviews/review-history";
import { getReviewTags, reviewTagsInput } from "../../reviews/review-tags";
import { toggleEngagement } from "../../reviews/toggle-engagement";
import { viewerEngagement } from "../../reviews/viewer-engagement";
import { createTRPCRouter, memberProcedure, publicProcedure } from "../init";

// `active` sets the state the person chose (idempotent: a retried or doubled click cannot flip it
// back); without it the mark toggles.
const markInput = z.strictObject({ id: reviewIdSchema, active: z.boolean().optional() });

export const reviewsRouter = createTRPCRouter({
  list: publicProcedure.input(listReviewsInput).query(({ input }) => listReviews(input)),
  byId: publicProcedure.input(getReviewInput).query(({ input }) => getReview(input.id)),
  history: publicProcedure.input(getReviewInput).query(({ input }) => getReviewHistory(input.id)),
  ratingDistribution: publicProcedure
    .input(ratingDistributionInput)
    .query(({ input }) => getRatingDistribution(input.slug)),
  tags: publicProcedure.input(reviewTagsInput).query(({ input }) => getReviewTags(input.slug)),

  /** Who is looking at a review page and what they marked: null person when signed out, so the
   * page knows whether to offer the buttons without a failed call. */
  viewer: publicProcedure.input(getReviewInput).query(async ({ ctx, input }) => {
    const actor = ctx.actor;
    if (!actor) return { person: null, liked: false, favorited: false, ownCommentIds: [] as string[] };
    const [marks, own] = await Promise.all([viewerEngagement(actor, [input.id]), ownCommentIds(actor, input.id)]);
    const m = marks.get(input.id) ?? { liked: false, favorited: false };
    return {
      person: { id: actor.personId, name: actor.name, role: actor.role },
      liked: m.liked,
      favorited: m.favorited,
      ownCommentIds: own,
    };
  }),

  like: memberProcedure
    .input(markInput)
    .mutation(({ ctx, input }) => toggleEngagement(ctx.actor, input.id, "like", input.active)),
  favorite: memberProcedure
    .input(markInput)
    .mutation(({ ctx, input }) => toggleEngagement(ctx.actor, input.id, "favorite", input.active)),

  comment: createTRPCRouter({
    add: memberProcedure
      .input(commentInput.extend({ reviewId: reviewIdSchema }))
      .mutation(({ ctx, input }) => addComment(ctx.actor, input.reviewId, { body: input.body })),
    edit: memberProcedure
      .input(commentInput.extend({ commentId: commentIdSchema }))
      .mutation(({ ctx, input }) => editComment(ctx.actor, input.commentId, { body: input.body })),
    delete: memberProcedure.input(z.strictObject({ commentId: commentIdSchema })).mutation(async ({ ctx, input }) => {
      await deleteComment(ctx.actor, input.commentId);
      return { deleted: true as const };
    }),
  }),
});
