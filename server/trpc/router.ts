import { createTRPCRouter } from "./init";
import { catalogRouter } from "./routers/catalog";
import { reviewsRouter } from "./routers/reviews";

export const appRouter = createTRPCRouter({ catalog: catalogRouter, reviews: reviewsRouter });
export type AppRouter = typeof appRouter;
