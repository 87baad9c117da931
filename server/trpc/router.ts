import { createTRPCRouter } from "./init";
import { accountRouter } from "./routers/account";
import { catalogRouter } from "./routers/catalog";
import { listingsRouter } from "./routers/listings";
import { listingReviewRouter } from "./routers/listing-review";
import { moderationRouter } from "./routers/moderation";
import { operatorDashboardRouter } from "./routers/operator-dashboard";
import { ordersRouter } from "./routers/orders";
import { reviewsRouter } from "./routers/reviews";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
  reviews: reviewsRouter,
  account: accountRouter,
  moderation: moderationRouter,
  listingReview: listingReviewRouter,
  orders: ordersRouter,
  operatorDashboard: operatorDashboardRouter,
  listings: listingsRouter,
});
export type AppRouter = typeof appRouter;
