// The "Listings waiting for review" section renders from what its procedure answers (a real listing,
// read through a tRPC caller, put in the query cache as the page does): the revision, verdicts, each
// payee proven or not, approve / reject; a provider's text is escaped (shown as text, never as HTML);
// the empty state. Server-rendered markup (no DOM here).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, TRPCClientError } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TRPCProvider } from "@/components/trpc/client";
import { editListing, submitListing } from "@/server/listings/listings";
import type { ReviewQueue } from "@/server/listings/review-queue-schema";
import { callerFor, createPerson } from "@/server/trpc/test-callers";
import type { AppRouter } from "@/server/trpc/router";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { ListingReviewQueue, REVIEW_QUEUE_PAGE } from "./listing-review-queue";

function render(queue: ReviewQueue) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [() => () => observable((o) => o.error(new TRPCClientError("not loaded")))],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.listingReview.queue.queryKey({ limit: REVIEW_QUEUE_PAGE, cursor: undefined }), queue);
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      // eslint-disable-next-line react/no-children-prop
      createElement(TRPCProvider, { trpcClient, queryClient, children: createElement(ListingReviewQueue) }),
    ),
  );
}

describe("Listings waiting for review", () => {
  it("shows the submitted revision, its payees proven or not, and the decision buttons; provider text as text", async () => {
    const owner = await createPerson();
    const payee = newPayee();
    const id = await listingWithPayees(owner, [payee.address]);
    await editListing(owner, id, {
      name: "<img src=x onerror=alert(1)> Tides",
      description: "<script>alert(1)</script>",
      primaryCapability: "maps-weather",
    });
    await submitListing(owner, id);
    const op = await callerFor(await createPerson("operator"));
    const queue = await op.listingReview.queue({ limit: REVIEW_QUEUE_PAGE });
    const html = render({ ...queue, listings: queue.listings.filter((l) => l.listingId === id) });
    expect(html).toContain("Listings waiting for review");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; Tides");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain(payee.address);
    expect(html).toContain("not proven");
    expect(html).toContain("Revision <!-- -->1");
    expect(html).toMatch(/<button[^>]*>Approve<\/button>/);
    // Reject stays disabled until a reason is typed.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Reject<\/button>/);
  });

  it("says when nothing waits", () => {
    expect(render({ listings: [], nextCursor: null })).toContain("No listing is waiting for review.");
  });
});
