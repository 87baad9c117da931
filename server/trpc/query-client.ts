import { defaultShouldDehydrateQuery, isServer, QueryClient } from "@tanstack/react-query";

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // On the server a failed load is decided at once (404, invalid input, unavailable); retrying
      // there only delays the answer. In the browser one retry rides out a blip.
      queries: { staleTime: 30_000, retry: isServer ? false : 1 },
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}
