// Write limits on the REST review writes: per token (RATE_LIMIT_WRITES_PER_MINUTE) and per client
// address (RATE_LIMIT_WRITES_IP_PER_MINUTE), 429 JSON with Retry-After and RateLimit-*, while
// another token keeps writing; reads keep their own `reviews` group.
import { describe, expect, it } from "vitest";

// Small limits for this file only (vitest.config.ts sets them high elsewhere); set before
// server/env.ts is first imported.
Object.assign(process.env, {
  RATE_LIMIT_WRITES_PER_MINUTE: "3",
  RATE_LIMIT_WRITES_IP_PER_MINUTE: "8",
  RATE_LIMIT_REVIEWS_PER_MINUTE: "1000",
  TRUST_PROXY_HOPS: "1",
});
const { POST: like } = await import("./[id]/like/route");
const { POST: create } = await import("./route");
const { GET: read } = await import("./[id]/route");
const { createAgent, someReview } = await import("@/server/reviews/test-actors");

const BASE = "http://marketplace.test";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const likeAs = (token: string, ip: string, id: string) =>
  like(
    new Request(`${BASE}/api/reviews/${id}/like`, {
      method: "POST",
      headers: { "x-marketplace-token": token, "x-forwarded-for": ip },
    }),
    params(id),
  );

async function expectLimited(res: Response, limit: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ error: "rate_limited", message: expect.stringContaining(`${limit} per 60 s`) });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(res.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("ratelimit-remaining")).toBe("0");
  expect(res.headers.get("ratelimit-policy")).toBe(`${limit};w=60`);
}

describe("write limits", () => {
  it("per token: 429 + Retry-After past the limit, another token still writes, reads are not counted", async () => {
    const id = await someReview(50);
    const a = await createAgent();
    const b = await createAgent();
    for (const remaining of [2, 1, 0]) {
      const res = await likeAs(a.token, "198.51.100.60", id);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(remaining));
    }
    await expectLimited(await likeAs(a.token, "198.51.100.60", id), 3);
    // Other writes of the same token share the count, bad input included; nothing is written.
    const refused = await create(
      new Request(`${BASE}/api/reviews`, {
        method: "POST",
        headers: { "x-marketplace-token": a.token, "content-type": "application/json" },
        body: "{}",
      }),
    );
    await expectLimited(refused, 3);
    // Another token from the same address is not limited by a's count.
    expect((await likeAs(b.token, "198.51.100.60", id)).status).toBe(200);
    // Reads have their own group.
    expect(
      (
        await read(
          new Request(`${BASE}/api/reviews/${id}`, { headers: { "x-forwarded-for": "198.51.100.60" } }),
          params(id),
        )
      ).status,
    ).toBe(200);
  });

  it("per address: many tokens from one address stop at its limit; tokens elsewhere go on", async () => {
    const id = await someReview(51);
    const agents = await Promise.all(Array.from({ length: 5 }, () => createAgent()));
    const statuses: number[] = [];
    for (const agent of agents)
      for (let i = 0; i < 2; i++) statuses.push((await likeAs(agent.token, "198.51.100.70", id)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    await expectLimited(await likeAs((await createAgent()).token, "198.51.100.70", id), 8);
    expect((await likeAs((await createAgent()).token, "198.51.100.71", id)).status).toBe(200);
  });

  it("an invalid token is refused (401) before it is counted", async () => {
    const id = await someReview(52);
    for (let i = 0; i < 10; i++) expect((await likeAs(`apmt_${"B".repeat(43)}`, "198.51.100.80", id)).status).toBe(401);
    expect((await likeAs((await createAgent()).token, "198.51.100.80", id)).status).toBe(200);
  });
});
