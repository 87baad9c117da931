// The auth limit: sign-up, sign-in and every other POST to /api/auth count per client address
// (RATE_LIMIT_AUTH_PER_MINUTE, shared by instances in PostgreSQL); past it, 429 JSON with
// Retry-After before better-auth runs. Reading the session (GET) is not counted.
import { describe, expect, it } from "vitest";

Object.assign(process.env, { RATE_LIMIT_AUTH_PER_MINUTE: "3", TRUST_PROXY_HOPS: "0" });
const { GET, POST } = await import("./route");
const { PASSWORD, SITE } = await import("@/test/accounts/people");
const { db } = await import("@/server/db");

const signIn = (ip: string, email = "nobody@example.com") =>
  POST(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, "x-marketplace-peer": ip },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );

describe("/api/auth rate limit", () => {
  it("answers 429 JSON with Retry-After past the limit, per address, and never reaches better-auth", async () => {
    const ip = "192.0.2.10";
    for (let i = 0; i < 5; i++)
      expect(
        (await GET(new Request(`${SITE}/api/auth/get-session`, { headers: { "x-marketplace-peer": ip } }))).status,
      ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(ip)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const refused = await signIn(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("application/json");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get("ratelimit-policy")).toBe("3;w=60");
    expect(await refused.json()).toEqual({ error: "rate_limited", message: expect.stringContaining("3 per 60 s") });

    // A sign-up from that address is refused before anything is created.
    const signUp = await POST(
      new Request(`${SITE}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE, "x-marketplace-peer": ip },
        body: JSON.stringify({ email: "late@example.com", password: PASSWORD, name: "Late" }),
      }),
    );
    expect(signUp.status).toBe(429);
    expect(await db.person.count({ where: { email: "late@example.com" } })).toBe(0);

    // Another address is not affected; allowed answers carry the RateLimit-* headers too.
    const other = await signIn("192.0.2.11");
    expect(other.status).toBe(401);
    expect(other.headers.get("ratelimit-remaining")).toBe("2");
  });
});
