// How a page reads a failed load, with the errors the real stack produces: the options proxy and
// query client server/trpc/server.tsx uses, the real services, this test file's own database.
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { describe, expect, it } from "vitest";
import { makeQueryClient } from "./query-client";
import { db } from "../db";
import { createTRPCContext } from "./init";
import { classifyPageDataFailure, PAGE_DATA_UNAVAILABLE, PageDataUnavailableError } from "./page-data-failure";
import { appRouter } from "./router";

const queryClient = makeQueryClient();
const trpc = createTRPCOptionsProxy({ ctx: () => createTRPCContext(), router: appRouter, queryClient });

async function failureOf(load: () => Promise<unknown>) {
  const started = performance.now();
  const err = await load().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, "the load should have failed").toBeDefined();
  return { failure: classifyPageDataFailure(err), ms: performance.now() - started };
}

describe("classifyPageDataFailure", () => {
  it("not_found only for a thing that does not exist", async () => {
    const { failure } = await failureOf(() =>
      queryClient.fetchQuery(trpc.catalog.profile.queryOptions({ slug: "no-such-service" })),
    );
    expect(failure).toEqual({ kind: "not_found" });
    const review = await failureOf(() =>
      queryClient.fetchQuery(trpc.reviews.byId.queryOptions({ id: "00000000-0000-4000-8000-000000000000" })),
    );
    expect(review.failure).toEqual({ kind: "not_found" });
  });

  it("invalid_input, with the service's message, for a refused request", async () => {
    const cursor = await failureOf(() => queryClient.fetchQuery(trpc.catalog.list.queryOptions({ cursor: "garbage" })));
    expect(cursor.failure).toMatchObject({ kind: "invalid_input", message: expect.any(String) });
    const schema = await failureOf(() => queryClient.fetchQuery(trpc.catalog.search.queryOptions({ q: "" })));
    expect(schema.failure).toEqual({ kind: "invalid_input", message: "The request is not valid." });
  });

  it("unavailable (never not_found) when the database fails under the service, decided without retrying", async () => {
    const { slug, name } = await db.service.findFirstOrThrow({ select: { slug: true, name: true } });
    // This file's database loses the table the profile reads: a real database error under the service.
    await db.$executeRawUnsafe("ALTER TABLE services RENAME TO services_away");
    try {
      const { failure, ms } = await failureOf(() =>
        queryClient.fetchQuery(trpc.catalog.profile.queryOptions({ slug })),
      );
      expect(failure).toEqual({ kind: "unavailable" });
      // The browser's one retry (with its 1 s delay) is off on the server.
      expect(ms).toBeLessThan(900);
    } finally {
      await db.$executeRawUnsafe("ALTER TABLE services_away RENAME TO services");
    }
    expect((await queryClient.fetchQuery(trpc.catalog.profile.queryOptions({ slug }))).record.service.name).toBe(name);
  });

  it("the unavailable error reaches the error boundary with its own digest", () => {
    const err = new PageDataUnavailableError(new Error("connect ECONNREFUSED"));
    expect(err.digest).toBe(PAGE_DATA_UNAVAILABLE);
    expect((err.cause as Error).message).toBe("connect ECONNREFUSED");
  });
});
