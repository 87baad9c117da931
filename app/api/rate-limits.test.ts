// Rate limits of the free REST routes end to end (Request in, Response out) on the real test
// database: 429 JSON with Retry-After and the RateLimit-* headers past a client's limit, one count
// per group of routes and per client, and paid routes never limited.
import { describe, expect, it } from "vitest";

// Small limits for this file only (vitest.config.ts sets them high for every other test file);
// set before server/env.ts is first imported.
Object.assign(process.env, {
  RATE_LIMIT_SEARCH_PER_MINUTE: "3",
  RATE_LIMIT_CATALOG_PER_MINUTE: "2",
  RATE_LIMIT_REVIEWS_PER_MINUTE: "2",
  RATE_LIMIT_RECOVERY_PER_MINUTE: "2",
  TRUST_PROXY_HOPS: "1",
});
const { GET: search } = await import("./catalog/search/route");
const { GET: listServices } = await import("./catalog/services/route");
const { GET: serviceRecord } = await import("./catalog/services/[slug]/route");
const { GET: listReviews } = await import("./reviews/route");
const { GET: oneReview } = await import("./reviews/[id]/route");
const shortlist = (await import("@/test/shop-route")).shopRoute("shortlist");
const { GET: recoverPurchase } = await import("./shop/purchases/[key]/route");
const { db } = await import("@/server/db");

const BASE = "http://marketplace.test";
const from = (ip: string, path: string, init: RequestInit = {}) =>
  new Request(`${BASE}${path}`, { ...init, headers: { ...init.headers, "x-forwarded-for": ip } });
const params = <T>(p: T) => ({ params: Promise.resolve(p) });

function expectLimitHeaders(res: Response, limit: number, remaining: number) {
  expect(res.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("ratelimit-remaining")).toBe(String(remaining));
  expect(res.headers.get("ratelimit-policy")).toBe(`${limit};w=60`);
  const reset = Number(res.headers.get("ratelimit-reset"));
  expect(Number.isInteger(reset) && reset >= 1 && reset <= 60).toBe(true);
}

async function expectRateLimited(res: Response, limit: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body).toEqual({ error: "rate_limited", message: expect.stringContaining(`${limit} per 60 s`) });
  expectLimitHeaders(res, limit, 0);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(res.headers.get("ratelimit-reset")).toBe(String(retryAfter));
}

describe("free REST routes", () => {
  it("search: RateLimit-* on every answer, 429 with Retry-After past the limit, other clients unaffected", async () => {
    const ip = "198.51.100.10";
    for (const remaining of [2, 1, 0]) {
      const res = await search(from(ip, "/api/catalog/search?q=weather&limit=1"));
      expect(res.status).toBe(200);
      expectLimitHeaders(res, 3, remaining);
    }
    await expectRateLimited(await search(from(ip, "/api/catalog/search?q=weather&limit=1")), 3);
    // Bad input counts too: a client cannot probe for free with invalid queries.
    await expectRateLimited(await search(from(ip, "/api/catalog/search")), 3);
    // The client is the entry the trusted proxy appended, not what the client wrote before it.
    await expectRateLimited(await search(from(`203.0.113.1, ${ip}`, "/api/catalog/search?q=weather")), 3);
    const other = await search(from(`${ip}, 198.51.100.11`, "/api/catalog/search?q=weather&limit=1"));
    expect(other.status).toBe(200);
    expectLimitHeaders(other, 3, 2);
  });

  it("the catalog list and service records share one count; reviews have their own", async () => {
    const ip = "198.51.100.20";
    expect((await listServices(from(ip, "/api/catalog/services?limit=1"))).status).toBe(200);
    expect(
      (await serviceRecord(from(ip, "/api/catalog/services/isobar-weather"), params({ slug: "isobar-weather" })))
        .status,
    ).toBe(200);
    await expectRateLimited(
      await serviceRecord(from(ip, "/api/catalog/services/isobar-weather"), params({ slug: "isobar-weather" })),
      2,
    );
    await expectRateLimited(await listServices(from(ip, "/api/catalog/services")), 2);

    const review = await db.review.findFirstOrThrow({ select: { id: true } });
    const list = await listReviews(from(ip, "/api/reviews?limit=1"));
    expect(list.status).toBe(200);
    expectLimitHeaders(list, 2, 1);
    expect((await oneReview(from(ip, `/api/reviews/${review.id}`), params({ id: review.id }))).status).toBe(200);
    await expectRateLimited(await oneReview(from(ip, `/api/reviews/${review.id}`), params({ id: review.id })), 2);
    // Search has its own count as well.
    expect((await search(from(ip, "/api/catalog/search?q=weather&limit=1"))).status).toBe(200);
  });

  it("answers a refusal only after the refusal delay, so a hammering connection slows down", async () => {
    const { env } = await import("@/server/env");
    env.RATE_LIMIT_REFUSAL_DELAY_MS = 400;
    try {
      const ip = "198.51.100.50";
      for (let i = 0; i < 3; i++)
        expect((await search(from(ip, "/api/catalog/search?q=weather&limit=1"))).status).toBe(200);
      const started = performance.now();
      await expectRateLimited(await search(from(ip, "/api/catalog/search?q=weather&limit=1")), 3);
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      env.RATE_LIMIT_REFUSAL_DELAY_MS = 0;
    }
  });

  it("the free purchase recovery route has its own count: 429 past it, before any signature is checked", async () => {
    const ip = "198.51.100.40";
    for (const remaining of [1, 0]) {
      const res = await recoverPurchase(
        from(ip, "/api/shop/purchases/recovery-key-0001"),
        params({ key: "recovery-key-0001" }),
      );
      expect(res.status).toBe(401); // no Purchase-Authorization: refused, but counted
      expectLimitHeaders(res, 2, remaining);
    }
    await expectRateLimited(
      await recoverPurchase(from(ip, "/api/shop/purchases/recovery-key-0001"), params({ key: "recovery-key-0001" })),
      2,
    );
    // Its count is its own: the catalog is still open to this client.
    expect((await listServices(from(ip, "/api/catalog/services?limit=1"))).status).toBe(200);
  });

  it("a product's free validate route counts with the catalog reads: RateLimit-* on its answers, 429 past the limit", async () => {
    const ip = "198.51.100.60";
    const validate = (await import("@/test/shop-route")).validateRoute("evaluations");
    const check = () =>
      validate.POST(
        from(ip, "/api/shop/evaluations/validate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      );
    for (const remaining of [1, 0]) {
      const res = await check();
      expect(res.status).toBe(400); // invalid, but counted
      expectLimitHeaders(res, 2, remaining);
    }
    await expectRateLimited(await check(), 2);
    await expectRateLimited(await listServices(from(ip, "/api/catalog/services?limit=1")), 2);
  });

  it("never limits paid routes, even for a client over every free limit", async () => {
    const ip = "198.51.100.30";
    for (let i = 0; i < 4; i++) await search(from(ip, "/api/catalog/search?q=weather&limit=1"));
    await expectRateLimited(await search(from(ip, "/api/catalog/search?q=weather&limit=1")), 3);
    for (let i = 0; i < 25; i++) {
      const get = await shortlist.GET(from(ip, "/api/shop/shortlist"));
      expect(get.status).toBe(402);
      expect(get.headers.get("ratelimit-limit")).toBeNull();
      const post = await shortlist.POST(
        from(ip, "/api/shop/shortlist", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      );
      expect(post.status).toBe(402);
    }
  });
});
