"use client";
// Browser side of tRPC: one query client per tab, batched HTTP calls to /api/trpc.
import { isServer, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/trpc/router";
import { makeQueryClient } from "@/server/trpc/query-client";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

let browserQueryClient: QueryClient | undefined;
function getQueryClient() {
  if (isServer) return makeQueryClient();
  return (browserQueryClient ??= makeQueryClient());
}

// Server rendering never calls the app over HTTP: every query a client component reads there was
// loaded by its page (server/trpc/server.tsx), which also decides 404 and "unavailable". A query
// that was not fails at once, as the programming error it is.
const noServerFetchLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    observable((observer) =>
      observer.error(
        new TRPCClientError(`tRPC ${op.path} was not loaded by the page; server rendering does not fetch.`),
      ),
    );

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      // maxItems and maxURLLength stay within the server's bounds (server/http/trpc-limits.ts).
      links: [isServer ? noServerFetchLink : httpBatchLink({ url: "/api/trpc", maxItems: 10, maxURLLength: 8000 })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
