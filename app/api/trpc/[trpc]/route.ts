import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { createTRPCContext, trpcResponseMeta } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/router";

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createTRPCContext({ headers: req.headers }),
    responseMeta: trpcResponseMeta,
  });

export { handler as GET, handler as POST };

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);
