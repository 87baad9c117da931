import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_MAX_BATCH, trpcRequestLimits, withCappedBody } from "@/server/http/trpc-limits";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/router";

const handler = (req: Request) => {
  const limits = trpcRequestLimits(req);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: withCappedBody(req),
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH,
    createContext: async ({ info }) => {
      await limits.admit(info);
      return createTRPCContext({ headers: req.headers });
    },
    responseMeta: () => ({ headers: limits.headers() }),
  });
};

export { handler as GET, handler as POST };
