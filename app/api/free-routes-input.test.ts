// Bad input on the free routes (issue 9 §2, reliability target 6): NUL, lone surrogates and
// out-of-range cursors answer 4xx JSON, never a 500 from the database; property tests send
// strings over the whole UTF-16 range to every query parameter, path segment, cursor and tRPC input.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TESTED_FILTERS } from "@/server/catalog/list-services";
import { CAPABILITIES, PAYMENT_PROTOCOLS } from "@/server/catalog/vocabulary";
import { db } from "@/server/db";
import { encodeCursor, INT4_MAX } from "@/server/input/cursor";
import { createCallerFactory, createTRPCContext, createTRPCRouter, publicProcedure } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/router";
import { GET as searchGet } from "./catalog/search/route";
import { GET as serviceGet } from "./catalog/services/[slug]/route";
import { GET as servicesGet } from "./catalog/services/route";
import { GET as reviewGet } from "./reviews/[id]/route";
import { GET as reviewsGet } from "./reviews/route";
import { GET as trpcGet } from "./trpc/[trpc]/route";

const BASE = "http://marketplace.test";
const UUID = "00000000-0000-4000-8000-000000000000";
type Answer = {
  status: number;
  body: Record<string, unknown> & { issues?: { path: string; message: string }[] };
  headers: Headers;
};

async function answer(res: Response): Promise<Answer> {
  expect(res.headers.get("content-type")).toContain("application/json");
  return { status: res.status, body: await res.json(), headers: res.headers };
}
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const services = async (params: Record<string, string>) =>
  answer(await servicesGet(new Request(`${BASE}/api/catalog/services?${q(params)}`)));
const search = async (params: Record<string, string>) =>
  answer(await searchGet(new Request(`${BASE}/api/catalog/search?${q(params)}`)));
const reviews = async (params: Record<string, string>) =>
  answer(await reviewsGet(new Request(`${BASE}/api/reviews?${q(params)}`)));
const service = async (slug: string) =>
  answer(
    await serviceGet(new Request(`${BASE}/api/catalog/services/${encodeURIComponent(slug.toWellFormed())}`), {
      params: Promise.resolve({ slug }),
    }),
  );
const review = async (id: string) =>
  answer(
    await reviewGet(new Request(`${BASE}/api/reviews/${encodeURIComponent(id.toWellFormed())}`), {
      params: Promise.resolve({ id }),
    }),
  );
const trpc = async (procedure: string, input: unknown) =>
  answer(
    await trpcGet(new Request(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)),
  );
/** A cursor as a client could forge it: any JSON, base64url. */
const forged = (keyset: unknown) => Buffer.from(JSON.stringify(keyset)).toString("base64url");

function expectIssue(a: Answer, path: string) {
  expect(a.status).toBe(400);
  expect(a.body.error).toBe("invalid_request");
  expect(a.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
}

describe("NUL and lone surrogates", () => {
  it("in q of the list and the search: 400 with an issue on q", async () => {
    expectIssue(await services({ q: "\u0000" }), "q");
    expectIssue(await search({ q: "a\u0000b" }), "q");
    // (A URL cannot carry a lone surrogate: %ED%A0%80 decodes to U+FFFD. JSON inputs can, below.)
  });

  it("in a slug path segment: 404 not_found, like any unknown slug", async () => {
    for (const slug of ["a\u0000b", "\u0000", "weather\ud800"]) {
      const a = await service(slug);
      expect(a.status).toBe(404);
      expect(a.body.error).toBe("not_found");
    }
  });

  it("in a review id: 400", async () => {
    expect((await review("a\u0000b")).status).toBe(400);
  });

  it("in tRPC catalog.list and catalog.search: BAD_REQUEST naming q", async () => {
    for (const procedure of ["catalog.list", "catalog.search"]) {
      for (const value of ["\u0000", "weather \ud800", "\udfff maps"]) {
        const a = await trpc(procedure, { q: value });
        expect(a.status).toBe(400);
        expect(a.body).toMatchObject({
          error: { data: { code: "BAD_REQUEST", issues: [expect.objectContaining({ path: "q" })] } },
        });
      }
    }
  });
});

describe("cursors", () => {
  it("a catalog cursor whose count exceeds 2^31 - 1, or whose id is unstorable: 400 on cursor", async () => {
    for (const keyset of [
      [INT4_MAX + 1, "x"],
      [Number.MAX_SAFE_INTEGER, "x"],
      [-1, "x"],
      [5, "a\u0000b"],
      [5, "a\ud800b"],
      [5, ""],
    ]) {
      expectIssue(await services({ cursor: forged(keyset) }), "cursor");
    }
    // The largest count is still a valid cursor (it points before every service).
    expect((await services({ cursor: encodeCursor([INT4_MAX, "x"]) })).status).toBe(200);
  });

  it("a reviews cursor at 9007199254740991 ms, a negative time, or before year 0: 400 on cursor", async () => {
    for (const ms of [Number.MAX_SAFE_INTEGER, -1, -62_198_755_200_001, 8.64e15 + 1])
      expectIssue(await reviews({ cursor: forged([ms, UUID]) }), "cursor");
    expect((await reviews({ cursor: forged([Date.now(), UUID]) })).status).toBe(200);
  });

  it("NUL, lone surrogates or characters outside base64url in the cursor text: 400", async () => {
    for (const cursor of ["\u0000", "abc\ud800", `${forged([5, "x"])}\u0000`, "!!!!"]) {
      expectIssue(await services({ cursor }), "cursor");
      expectIssue(await reviews({ cursor }), "cursor");
    }
  });

  it("the cursors the API issues still page through", async () => {
    const first = await reviews({ limit: "3" });
    expect(first.status).toBe(200);
    const second = await reviews({ limit: "3", cursor: first.body.nextCursor as string });
    expect(second.status).toBe(200);
    expect((second.body.reviews as unknown[]).length).toBe(3);
  });
});

describe("tRPC internal errors", () => {
  // A real failing query behind the app's own procedure and error formatter.
  const failing = createTRPCRouter({
    broken: publicProcedure.query(() =>
      db.$queryRawUnsafe("SELECT secret_column FROM no_such_table WHERE token = 'sekrit'"),
    ),
  });
  const call = (req: Request) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: failing,
      createContext: () => createTRPCContext({ headers: req.headers }),
    });

  it("say internal_error and nothing of the query", async () => {
    const res = await call(new Request(`${BASE}/api/trpc/broken`));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/no_such_table|secret_column|sekrit|prisma|invocation|stack/i);
    expect(JSON.parse(text)).toMatchObject({
      error: {
        message: "Something went wrong on our side.",
        data: { code: "INTERNAL_SERVER_ERROR", appCode: "internal_error" },
      },
    });
  });

  it("input and not-found errors keep their messages", async () => {
    const caller = createCallerFactory(appRouter)(await createTRPCContext());
    await expect(caller.catalog.profile({ slug: "no-such-service" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'No service with slug "no-such-service".',
    });
  });
});

describe("property: never a 5xx on the free routes", () => {
  // Strings over the whole UTF-16 range (U+0000, lone surrogates and control characters included),
  // half of them from a small alphabet so that the troublesome characters are frequent.
  const troublesome = fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d\ude00", "a", "-", " ", "%", "é", "\u00ff");
  const text = (maxLength = 40) =>
    fc.oneof(
      fc.string({ unit: "binary", maxLength }),
      fc.string({ unit: troublesome, maxLength: Math.min(maxLength, 12) }),
    );
  const number = fc.oneof(
    fc.integer(),
    fc.maxSafeInteger(),
    fc.double(),
    fc.constantFrom(2 ** 31, -1, -62_198_755_200_001, 8.64e15 + 1),
  );
  const cursorText = fc.oneof(
    text(),
    fc.tuple(number, fc.oneof(text(), fc.uuid())).map(forged),
    fc.jsonValue({ stringUnit: "binary", maxDepth: 4 }).map(forged),
  );
  // Each parameter is mostly valid, so that the hostile one reaches the service and the database.
  const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: other });
  const listParams = fc.record(
    {
      q: text(),
      capability: mostly(fc.constantFrom(...CAPABILITIES), text()),
      protocol: mostly(fc.constantFrom(...PAYMENT_PROTOCOLS), text()),
      maxPriceUsd: mostly(fc.double({ min: 0, max: 1e6, noNaN: true }).map(String), text()),
      tested: mostly(fc.constantFrom(...TESTED_FILTERS), text()),
      limit: mostly(fc.integer({ min: 1, max: 50 }).map(String), text()),
      cursor: cursorText,
    },
    { requiredKeys: [] },
  );
  const noServerError = (a: Answer) => {
    expect(a.status).toBeGreaterThanOrEqual(200);
    expect(a.status).toBeLessThan(500);
    if (a.status >= 400) expect(a.body).toHaveProperty("error");
  };
  const runs = { numRuns: 60 };

  it("GET /api/catalog/services", async () => {
    await fc.assert(
      fc.asyncProperty(listParams, async (p) => noServerError(await services(p))),
      runs,
    );
  });

  it("GET /api/catalog/search", async () => {
    await fc.assert(
      fc.asyncProperty(listParams, async (p) => noServerError(await search(p))),
      { numRuns: 40 },
    );
  });

  it("GET /api/reviews", async () => {
    const params = fc.record(
      {
        service: mostly(fc.constantFrom("isobar-weather", "no-such-service"), text()),
        limit: mostly(fc.constant("5"), text()),
        cursor: cursorText,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(params, async (p) => noServerError(await reviews(p))),
      runs,
    );
  });

  it("GET /api/catalog/services/{slug} and /api/reviews/{id}", async () => {
    await fc.assert(
      fc.asyncProperty(text(130), async (segment) => {
        noServerError(await service(segment));
        noServerError(await review(segment));
      }),
      runs,
    );
  });

  it("tRPC catalog.list, catalog.search, catalog.profile, reviews.list, reviews.byId", async () => {
    const inputs = fc.oneof(
      fc.record({ procedure: fc.constantFrom("catalog.list", "catalog.search"), input: listParams }),
      fc.record({ procedure: fc.constant("catalog.profile"), input: fc.record({ slug: text(130) }) }),
      fc.record({
        procedure: fc.constant("reviews.list"),
        input: fc.record({ service: text(), cursor: cursorText }, { requiredKeys: [] }),
      }),
      fc.record({ procedure: fc.constant("reviews.list"), input: fc.record({ cursor: cursorText }) }),
      fc.record({ procedure: fc.constant("reviews.byId"), input: fc.record({ id: text() }) }),
      fc.record({
        procedure: fc.constantFrom("catalog.list", "reviews.list"),
        input: fc.jsonValue({ stringUnit: "binary", maxDepth: 4 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(inputs, async ({ procedure, input }) => {
        const a = await trpc(procedure, input);
        expect(a.status).toBeLessThan(500);
      }),
      runs,
    );
  });
});
