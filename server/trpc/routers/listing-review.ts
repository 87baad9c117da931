// The operators' review of providers' listings (operatorProcedure: 401 signed out, 403 for members):
// the queue of listings waiting, approve (into the catalog) and reject with a reason.
import { approveListing, approveListingInput, rejectListing, rejectListingInput } from "../../listings/review-decision";
import { listReviewQueue } from "../../listings/review-queue";
import { reviewQueueInput } from "../../listings/review-queue-schema";
import { createTRPCRouter, operatorProcedure } from "../init";

export const listingReviewRouter = createTRPCRouter({
  queue: operatorProcedure.input(reviewQueueInput).query(({ ctx, input }) => listReviewQueue(ctx.actor, input)),
  approve: operatorProcedure.input(approveListingInput).mutation(({ ctx, input }) => approveListing(ctx.actor, input)),
  reject: operatorProcedure.input(rejectListingInput).mutation(({ ctx, input }) => rejectListing(ctx.actor, input)),
});
