// Page sizes and the cursor rule shared by the server prefetch and the client queries.
export const SERVICE_PAGE_SIZE = 24;
export const REVIEW_PAGE_SIZE = 10;

export const byNextCursor = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined };
export const SEARCH_PAGE_SIZE = 24;
