import { createTRPCRouter } from "./init";
import { catalogRouter } from "./routers/catalog";
import { moderationRouter } from "./routers/moderation";
import { reviewsRouter } from "./routers/reviews";

export const appRouter = createTRPCRouter({ catalog: catalogRouter, reviews: reviewsRouter, moderation: moderationRouter });
export type AppRouter = typeof appRouter;
