// Moderation for operators (operatorProcedure: 401 signed out, 403 for members): the queue of
// reviews no person has checked yet, marking one reviewed, hiding comments, the audit list; the open
// payment-terms changes the probes found, and confirming one (the offer adopts the observed terms);
// running a marketplace test of a service now.
import { z } from "zod";
import { commentIdSchema } from "../../reviews/comments";
import { reviewIdSchema } from "../../reviews/get-review";
import {
  hideComment,
  hideReasonSchema,
  listHiddenComments,
  listModerationQueue,
  markReviewed,
  moderationQueueInput,
} from "../../reviews/moderation";
import { confirmTerms, confirmTermsInput } from "../../probes/confirm-terms";
import { listOpenTermsChanges } from "../../probes/open-terms-changes";
import { runServiceTestInput, runServiceTestNow } from "../../marketplace-tests/test-service";
import { createTRPCRouter, operatorProcedure } from "../init";

export const moderationRouter = createTRPCRouter({
  queue: operatorProcedure.input(moderationQueueInput).query(({ ctx, input }) => listModerationQueue(ctx.actor, input)),
  hiddenComments: operatorProcedure.query(({ ctx }) => listHiddenComments(ctx.actor)),
  markReviewed: operatorProcedure
    .input(z.strictObject({ id: reviewIdSchema }))
    .mutation(({ ctx, input }) => markReviewed(ctx.actor, input.id)),
  hideComment: operatorProcedure
    .input(z.strictObject({ commentId: commentIdSchema, reason: hideReasonSchema }))
    .mutation(async ({ ctx, input }) => {
      await hideComment(ctx.actor, input.commentId, input.reason);
      return { hidden: true as const };
    }),
  termsChanges: operatorProcedure.query(({ ctx }) => listOpenTermsChanges(ctx.actor)),
  confirmTerms: operatorProcedure.input(confirmTermsInput).mutation(({ ctx, input }) => confirmTerms(ctx.actor, input)),
  // A marketplace test of a service now: a paid call of each x402 offer, under the daily test budget.
  runServiceTest: operatorProcedure
    .input(runServiceTestInput)
    .mutation(({ ctx, input }) => runServiceTestNow(ctx.actor, input)),
});
