import { createTRPCRouter } from "./init";
import { accountRouter } from "./routers/account";
import { catalogRouter } from "./routers/catalog";
import { listingsRouter } from "./routers/listings";
import { listingReviewRouter } from "./routers/listing-review";
import { moderationRouter } from "./routers/moderation";
import { ordersRouter } from "./routers/orders";
import { reviewsRouter } from "./routers/reviews";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
  reviews: reviewsRouter,
  account: accountRouter,
  moderation: moderationRouter,
  listingReview: listingReviewRouter,
  orders: ordersRouter,
  listings: listingsRouter,
});
export type AppRouter = typeof appRouter;
