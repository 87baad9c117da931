import { createTRPCRouter } from "./init";
import { accountRouter } from "./routers/account";
import { catalogRouter } from "./routers/catalog";
import { reviewsRouter } from "./routers/reviews";

export const appRouter = createTRPCRouter({ catalog: catalogRouter, reviews: reviewsRouter, account: accountRouter });
export type AppRouter = typeof appRouter;
