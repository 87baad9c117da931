import { getReview, getReviewInput } from "../../reviews/get-review";
import { listReviews, listReviewsInput } from "../../reviews/list-reviews";
import { getRatingDistribution, ratingDistributionInput } from "../../reviews/rating-distribution";
import { getReviewTags, reviewTagsInput } from "../../reviews/review-tags";
import { createTRPCRouter, publicProcedure } from "../init";

export const reviewsRouter = createTRPCRouter({
  list: publicProcedure.input(listReviewsInput).query(({ input }) => listReviews(input)),
  byId: publicProcedure.input(getReviewInput).query(({ input }) => getReview(input.id)),
  ratingDistribution: publicProcedure.input(ratingDistributionInput).query(({ input }) => getRatingDistribution(input.slug)),
  tags: publicProcedure.input(reviewTagsInput).query(({ input }) => getReviewTags(input.slug)),
});
