// The listing settings through the routes: LISTINGS_PER_ACCOUNT (409), LISTING_MAX_URLS (400) and the
// write limit per token (429 with Retry-After and RateLimit-*), while another token keeps writing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Small limits for this file only (vitest.config.ts sets them high elsewhere); set before
// server/env.ts is first imported.
Object.assign(process.env, {
  LISTINGS_PER_ACCOUNT: "2",
  LISTING_MAX_URLS: "2",
  RATE_LIMIT_WRITES_PER_MINUTE: "3",
  RATE_LIMIT_WRITES_IP_PER_MINUTE: "1000",
  TRUST_PROXY_HOPS: "1",
});
const { POST: create } = await import("./route");
const { createAgent } = await import("@/server/reviews/test-actors");
const { startTestProvider } = await import("@/test/listings/test-provider");

let provider: Awaited<ReturnType<typeof startTestProvider>>;
beforeAll(async () => {
  provider = await startTestProvider(() => "http://127.0.0.1:9/");
});
afterAll(() => provider.close());

const post = (token: string, resourceUrls: string[], ip = "203.0.113.9") =>
  create(
    new Request("http://marketplace.test/api/listings", {
      method: "POST",
      headers: { "x-marketplace-token": token, "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ resourceUrls }),
    }),
  );

describe("listing limits", () => {
  it("LISTINGS_PER_ACCOUNT then the write limit; another token of another account still writes", async () => {
    const agent = await createAgent();
    const url = `${provider.url}/plain`;
    expect((await post(agent.token, [url])).status).toBe(201);
    expect((await post(agent.token, [url])).status).toBe(201);
    const third = await post(agent.token, [url]);
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({ error: "conflict", message: expect.stringContaining("2 listings") });
    const limited = await post(agent.token, [url]);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("ratelimit-policy")).toBe("3;w=60");

    const other = await createAgent();
    expect((await post(other.token, [url])).status).toBe(201);
  });

  it("LISTING_MAX_URLS: one more URL is 400 naming the limit", async () => {
    const agent = await createAgent();
    const res = await post(
      agent.token,
      ["/a", "/b", "/c"].map((p) => `${provider.url}${p}`),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "invalid_request",
      issues: [{ path: "resourceUrls", message: "At most 2 resource URLs per listing." }],
    });
  });
});
