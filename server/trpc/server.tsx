// Server-component side of tRPC: a per-request query client, the options proxy used to load a
// page's data, and the hydration boundary that hands that data to client components.
import "server-only";
import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { makeQueryClient } from "./query-client";
import { logger } from "../logger";
import { createTRPCContext } from "./init";
import { classifyPageDataFailure, PageDataUnavailableError } from "./page-data-failure";
import { appRouter } from "./router";

export const getQueryClient = cache(makeQueryClient);

export const trpc = createTRPCOptionsProxy({
  ctx: async () => createTRPCContext({ headers: await headers() }),
  router: appRouter,
  queryClient: getQueryClient,
});

/**
 * Loads everything a page shows before it renders, with `fetchQuery`/`fetchInfiniteQuery` (which
 * throw, unlike `prefetchQuery`): the client components then only read the cache, and server
 * rendering never fetches. A missing thing becomes the 404 page; invalid input is returned for the
 * page to explain; anything else (database away, a failing service) becomes the error boundary's
 * "temporarily unavailable" page. Call it again for the same queries (e.g. from generateMetadata):
 * loaded data is reused for the request.
 */
export async function loadPageData<T>(
  load: (queryClient: QueryClient) => Promise<T>,
): Promise<{ ok: true; data: T } | { ok: false; invalidInput: string }> {
  try {
    return { ok: true, data: await load(getQueryClient()) };
  } catch (err) {
    const failure = classifyPageDataFailure(err);
    if (failure.kind === "not_found") notFound();
    if (failure.kind === "invalid_input") return { ok: false, invalidInput: failure.message };
    logger.error({ err }, "page data could not be loaded");
    throw new PageDataUnavailableError(err);
  }
}

export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
