import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { TRPC_MAX_BATCH, trpcRequestLimits, withCappedBody } from "@/server/http/trpc-limits";
import { createTRPCContext, trpcResponseMeta } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/router";
import { timedHandler } from "@/server/metrics/http-metrics";

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
    // Rate-limit headers on every answer; Retry-After when the database is away.
    responseMeta: (opts) => {
      const meta = trpcResponseMeta(opts);
      return { headers: { ...limits.headers(), ...meta.headers } };
    },
  });
};

// One route for every procedure: a batch names several, and the path is the caller's to choose.
const timed = timedHandler("/api/trpc", handler);

export { timed as GET, timed as POST };

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);
