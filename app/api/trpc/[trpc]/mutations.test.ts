// tRPC mutations end to end through the /api/trpc route: only JSON from the site's own origin (a
// foreign or missing Origin 403, another Content-Type 415), a session for member procedures (401),
// the operator role for operator procedures (403), and the per-account write limit (429 +
// Retry-After). The account router's token procedures are the mutations under test.
import { describe, expect, it } from "vitest";

Object.assign(process.env, { RATE_LIMIT_WRITES_PER_MINUTE: "4", TRUST_PROXY_HOPS: "0" });
const { GET, POST } = await import("./route");
const { signUp, SITE } = await import("@/test/accounts/people");
const { db } = await import("@/server/db");
const { createCallerFactory, createTRPCContext, createTRPCRouter, operatorProcedure } =
  await import("@/server/trpc/init");

type TrpcError = { error: { message: string; data: { httpStatus: number; appCode: string | null; code: string } } };
type Json = Record<string, unknown>;

function mutate(path: string, input: unknown, headers: Record<string, string>) {
  return POST(
    new Request(`${SITE}/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, "x-marketplace-peer": "203.0.113.7", ...headers },
      body: JSON.stringify(input),
    }),
  );
}

const tokensOf = (personId: string) => db.marketplaceToken.count({ where: { personId } });

describe("tRPC mutations", () => {
  it("refuses a foreign or missing Origin with 403 and creates nothing", async () => {
    const person = await signUp();
    for (const origin of ["https://evil.example", "http://marketplace.test.evil.example", "null"]) {
      const res = await mutate("account.tokens.create", { name: "t" }, { cookie: person.cookie, origin });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as TrpcError).error.data).toMatchObject({
        httpStatus: 403,
        appCode: "forbidden",
        code: "FORBIDDEN",
      });
    }
    const noOrigin = await POST(
      new Request(`${SITE}/api/trpc/account.tokens.create`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: person.cookie },
        body: JSON.stringify({ name: "t" }),
      }),
    );
    expect(noOrigin.status).toBe(403);
    expect(await tokensOf(person.id)).toBe(0);
  });

  it("refuses bodies that are not JSON with 415 (what a cross-site form can send)", async () => {
    const person = await signUp();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "application/jsonp",
      "",
    ]) {
      const res = await mutate("account.tokens.create", { name: "t" }, { cookie: person.cookie, "content-type": type });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as TrpcError).error.data).toMatchObject({
        httpStatus: 415,
        appCode: "unsupported_media_type",
      });
    }
    expect(await tokensOf(person.id)).toBe(0);
  });

  it("answers 401 to a member mutation without a session, and with a forged session cookie", async () => {
    const res = await mutate("account.tokens.create", { name: "t" }, {});
    expect(res.status).toBe(401);
    expect(((await res.json()) as TrpcError).error.data).toMatchObject({ httpStatus: 401, appCode: "unauthorized" });
    const forged = await mutate(
      "account.tokens.create",
      { name: "t" },
      { cookie: "better-auth.session_token=forged.signature" },
    );
    expect(forged.status).toBe(401);
  });

  it("creates a token from the site's own page: the secret once, then only its prefix; GET is not allowed", async () => {
    const person = await signUp();
    const res = await mutate("account.tokens.create", { name: "my agent" }, { cookie: person.cookie });
    expect(res.status).toBe(200);
    const { token, summary } = ((await res.json()) as { result: { data: { token: string; summary: Json } } }).result
      .data;
    expect(token).toMatch(/^apmt_[A-Za-z0-9_-]{43}$/);
    expect(summary).toMatchObject({ name: "my agent", prefix: token.slice(0, 11), lastUsedAt: null, revokedAt: null });
    expect(new Date(summary.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = await GET(new Request(`${SITE}/api/trpc/account.tokens.list`, { headers: { cookie: person.cookie } }));
    const text = await list.text();
    expect(text).not.toContain(token.slice(11));
    expect((JSON.parse(text) as { result: { data: Json[] } }).result.data).toEqual([summary]);

    const viaGet = await GET(
      new Request(`${SITE}/api/trpc/account.tokens.create?input=${encodeURIComponent(JSON.stringify({ name: "g" }))}`, {
        headers: { cookie: person.cookie },
      }),
    );
    expect(viaGet.status).toBe(405);
    expect(await tokensOf(person.id)).toBe(1);
  });

  it("revokes only one's own tokens: another person's is 404, a malformed id 400", async () => {
    const owner = await signUp();
    const other = await signUp();
    const created = await mutate("account.tokens.create", { name: "mine" }, { cookie: owner.cookie });
    const { summary } = ((await created.json()) as { result: { data: { summary: { id: string } } } }).result.data;
    const foreign = await mutate("account.tokens.revoke", { tokenId: summary.id }, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await db.marketplaceToken.findUniqueOrThrow({ where: { id: summary.id } })).revokedAt).toBeNull();
    const malformed = await mutate("account.tokens.revoke", { tokenId: "not-a-uuid" }, { cookie: owner.cookie });
    expect(malformed.status).toBe(400);
    const revoked = await mutate("account.tokens.revoke", { tokenId: summary.id }, { cookie: owner.cookie });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { result: { data: Json } }).result.data.revokedAt).toEqual(expect.any(String));
  });

  it("counts mutations against the account's write limit: 429 with Retry-After past it, other accounts unaffected", async () => {
    const busy = await signUp();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await mutate(
        "account.tokens.create",
        { name: `t${i}` },
        { cookie: busy.cookie, "x-marketplace-peer": `203.0.113.${20 + i}` },
      );
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const retryAfter = Number(refused!.headers.get("retry-after"));
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused!.headers.get("ratelimit-policy")).toBe("4;w=60");
    expect(((await refused!.json()) as TrpcError).error.data).toMatchObject({
      httpStatus: 429,
      appCode: "rate_limited",
      code: "TOO_MANY_REQUESTS",
    });
    expect(await tokensOf(busy.id)).toBe(4);

    const calm = await signUp();
    expect((await mutate("account.tokens.create", { name: "t" }, { cookie: calm.cookie })).status).toBe(200);
  });

  it("operator procedures: 401 signed out, 403 for a member, allowed for an operator", async () => {
    const router = createTRPCRouter({ secret: operatorProcedure.query(({ ctx }) => ctx.actor.personId) });
    const call = async (cookie?: string) =>
      createCallerFactory(router)(await createTRPCContext({ headers: new Headers(cookie ? { cookie } : {}) })).secret();
    await expect(call()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const member = await signUp();
    await expect(call(member.cookie)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const operator = await signUp({ role: "operator" });
    await expect(call(operator.cookie)).resolves.toBe(operator.id);
  });
});
