// The per-account sign-in throttle (issue 24 item 1): failed sign-ins against one email address
// lock it whatever address they come from, the same way for an unknown address (no enumeration),
// shared by instances in PostgreSQL; a success starts over.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

const FAILURES = 3;
const LOCK_S = 2;
Object.assign(process.env, { SIGN_IN_FAILURES_BEFORE_LOCK: String(FAILURES), SIGN_IN_LOCK_SECONDS: String(LOCK_S) });
const { POST } = await import("./route");
const { PASSWORD, SITE, signUp } = await import("@/test/accounts/people");
const { createSignInThrottle, lockSeconds, SIGN_IN_MAX_LOCK_S } = await import("@/server/limits/sign-in-throttle");
const { createLimiterPool } = await import("@/server/limits/limiter-pool");

let n = 0;
// Every attempt from a new TCP peer address: the per-address limit never applies.
const signIn = (email: string, password: string, path = "/api/auth/sign-in/email") =>
  POST(
    new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, "x-marketplace-peer": `198.51.100.${++n % 250}` },
      body: JSON.stringify({ email, password }),
    }),
  );

const statusesOf = async (email: string, password: string, times: number) => {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push((await signIn(email, password)).status);
  return out;
};

describe("sign-in throttle per account", () => {
  it("locks an account after a run of failures from many addresses, refuses even the right password while locked, says when to retry, and unlocks", async () => {
    const person = await signUp();
    expect(await statusesOf(person.email, "wrong password 123", FAILURES)).toEqual(Array(FAILURES).fill(401));
    const locked = await signIn(person.email, PASSWORD);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_S);
    expect(await locked.json()).toEqual({
      error: "rate_limited",
      message: `Too many failed sign-ins for this email address. Retry after ${retryAfter} s.`,
    });
    // Another spelling of the same address is the same account.
    expect((await signIn(`  ${person.email.toUpperCase()} `, PASSWORD)).status).toBe(429);
    // A trailing slash reaches the same endpoint, and the same lock.
    expect((await signIn(person.email, PASSWORD, "/api/auth/sign-in/email/")).status).toBe(429);

    await new Promise((r) => setTimeout(r, LOCK_S * 1000 + 200));
    expect((await signIn(person.email, PASSWORD)).status).toBe(200);
    // The success cleared the count: a full run of failures is needed again.
    expect(await statusesOf(person.email, "wrong password 123", FAILURES)).toEqual(Array(FAILURES).fill(401));
    expect((await signIn(person.email, PASSWORD)).status).toBe(429);
  }, 30_000);

  it("answers an unknown address exactly like a known one", async () => {
    const known = await signUp();
    const unknown = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    const answers = async (email: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < FAILURES + 1; i++) {
        const res = await signIn(email, "wrong password 123");
        out.push({ status: res.status, body: await res.json() });
      }
      return out;
    };
    const [a, b] = [await answers(known.email), await answers(unknown)];
    expect(b).toEqual(a);
    expect(a.map((x) => x.status)).toEqual([...Array(FAILURES).fill(401), 429]);
  }, 30_000);

  it("lets no more than the allowance of a parallel burst reach the password check", async () => {
    const person = await signUp();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => signIn(person.email, "wrong password 123").then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - FAILURES);
  }, 30_000);

  it("is shared by two instances on one database, and each further lock doubles, up to an hour", async () => {
    const pools = [createLimiterPool(), createLimiterPool()];
    try {
      const [a, b] = pools.map((pool) => createSignInThrottle({ failures: 2, lockS: 60, pool }));
      const email = `shared-${randomBytes(4).toString("hex")}@example.com`;
      const first = await a!.admit(email);
      expect(first).toEqual({ allowed: true, attempt: 1 });
      const second = await b!.admit(email);
      expect(second).toEqual({ allowed: true, attempt: 2 });
      await b!.failed(email, 2);
      const refused = await a!.admit(email);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterS).toBeGreaterThan(55);
      expect([1, 2, 3, 7, 99].map((locks) => lockSeconds(60, locks))).toEqual([60, 120, 240, 3600, SIGN_IN_MAX_LOCK_S]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

describe("the session token stays in its HttpOnly cookie (issue 24 item 4)", () => {
  it("is in no JSON answer of sign-up, sign-in or get-session", async () => {
    const { GET } = await import("./route");
    const { sessionCookie } = await import("@/test/accounts/people");
    const email = `token-${randomBytes(4).toString("hex")}@example.com`;
    const up = await POST(
      new Request(`${SITE}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE, "x-marketplace-peer": "198.51.100.251" },
        body: JSON.stringify({ email, password: PASSWORD, name: "Token" }),
      }),
    );
    expect(up.status).toBe(200);
    const upBody = (await up.json()) as Record<string, unknown>;
    expect(upBody).not.toHaveProperty("token");
    expect(upBody.user).toMatchObject({ email });
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).not.toHaveProperty("token");
    const cookie = sessionCookie(signedIn);
    const session = (await (
      await GET(new Request(`${SITE}/api/auth/get-session`, { headers: { cookie } }))
    ).json()) as { session: Record<string, unknown>; user: unknown };
    expect(session.session).toBeTruthy();
    expect(session.session).not.toHaveProperty("token");
    expect(JSON.stringify(session)).not.toContain(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!);
  });
});
