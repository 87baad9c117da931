// Sign-up, sign-in and sign-out through our auth route (better-auth behind our REST edge), on the
// real database: the session cookie's attributes, what a wrong password or a duplicate email says,
// the session giving tRPC's `account.me` the person (and their operator role), and hostile bodies.
import { describe, expect, it } from "vitest";
import { createAuth } from "@/server/accounts/auth";
import { readOrCreateSharedSecret, sharedSecret } from "@/server/accounts/shared-secret";
import { db } from "@/server/db";
import { GET as trpcGet } from "@/app/api/trpc/[trpc]/route";
import { authRequest, PASSWORD, sessionCookie, signUp, SITE } from "@/test/accounts/people";
import { DELETE, GET, POST } from "./route";

type Json = Record<string, unknown>;

async function me(cookie?: string): Promise<Json | null> {
  const res = await trpcGet(new Request(`${SITE}/api/trpc/account.me`, { headers: cookie ? { cookie } : {} }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: Json | null } }).result.data;
}

describe("/api/auth", () => {
  it("signs up with an HttpOnly, SameSite=Lax session cookie (not Secure on http) that makes account.me the person", async () => {
    const email = "ada@example.com";
    const res = await POST(authRequest("/sign-up/email", { email, password: PASSWORD, name: "Ada" }));
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("better-auth.session_token="))!;
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
    const person = await db.person.findUniqueOrThrow({ where: { email } });
    expect(person.role).toBe("member");
    expect(await me(sessionCookie(res))).toEqual({ type: "human", personId: person.id, name: "Ada", role: "member" });
    // The password is stored by better-auth (scrypt), never as sent.
    const account = await db.account.findFirstOrThrow({ where: { userId: person.id } });
    expect(account.password).not.toContain(PASSWORD);
  });

  it("sets a Secure, __Secure- cookie when the base URL is https", async () => {
    const auth = createAuth(await sharedSecret("better_auth_secret"), "https://marketplace.example");
    const res = await auth.handler(
      new Request("https://marketplace.example/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://marketplace.example" },
        body: JSON.stringify({ email: "secure@example.com", password: PASSWORD, name: "Sec" }),
      }),
    );
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes("better-auth.session_token="))!;
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });

  it("signs in (wrong password 401, right one a new session), reads the operator role, and signs out", async () => {
    const person = await signUp({ name: "Grace" });
    const wrong = await POST(authRequest("/sign-in/email", { email: person.email, password: "not the password" }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "unauthorized", code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(wrong.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    // An unknown email says exactly the same.
    const unknown = await POST(
      authRequest("/sign-in/email", { email: "nobody@example.com", password: "not the password" }),
    );
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: "unauthorized", code: "INVALID_EMAIL_OR_PASSWORD" });

    const signIn = await POST(authRequest("/sign-in/email", { email: person.email, password: PASSWORD }));
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    expect(await me(cookie)).toMatchObject({ personId: person.id, role: "member" });
    await db.person.update({ where: { id: person.id }, data: { role: "operator" } });
    expect(await me(cookie)).toMatchObject({ personId: person.id, role: "operator" });

    const out = await POST(authRequest("/sign-out", {}, { cookie }));
    expect(out.status).toBe(200);
    expect(await me(cookie)).toBeNull();
    expect(await db.session.count({ where: { token: cookie.split("=")[1]!.split(".")[0]! } })).toBe(0);
  });

  it("changes a password: the current one is checked, other sessions end, the new one signs in", async () => {
    const person = await signUp();
    const second = sessionCookie(
      await POST(authRequest("/sign-in/email", { email: person.email, password: PASSWORD })),
    );
    const wrong = await POST(
      authRequest(
        "/change-password",
        { currentPassword: "not my password", newPassword: "a brand new password" },
        { cookie: person.cookie },
      ),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Json).error).toBe("invalid_request");
    const short = await POST(
      authRequest("/change-password", { currentPassword: PASSWORD, newPassword: "short" }, { cookie: person.cookie }),
    );
    expect(short.status).toBe(400);
    const signedOut = await POST(
      authRequest("/change-password", { currentPassword: PASSWORD, newPassword: "a brand new password" }),
    );
    expect(signedOut.status).toBe(401);

    const changed = await POST(
      authRequest(
        "/change-password",
        { currentPassword: PASSWORD, newPassword: "a brand new password", revokeOtherSessions: true },
        { cookie: person.cookie },
      ),
    );
    expect(changed.status).toBe(200);
    expect(await me(second)).toBeNull();
    expect((await POST(authRequest("/sign-in/email", { email: person.email, password: PASSWORD }))).status).toBe(401);
    expect(
      (await POST(authRequest("/sign-in/email", { email: person.email, password: "a brand new password" }))).status,
    ).toBe(200);
  });

  it("keeps better-auth's CSRF checks: a signed-in request from another origin is refused", async () => {
    const person = await signUp();
    const evil = await POST(authRequest("/sign-out", {}, { cookie: person.cookie, origin: "https://evil.example" }));
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as Json).error).toBe("forbidden");
    expect(await me(person.cookie)).toMatchObject({ personId: person.id });
    const redirect = await POST(
      authRequest("/sign-in/email", {
        email: person.email,
        password: PASSWORD,
        callbackURL: "https://evil.example/steal",
      }),
    );
    expect(redirect.status).toBe(403);
  });

  it("a duplicate email gets better-auth's answer and creates nobody; a client cannot make itself an operator", async () => {
    const person = await signUp();
    const again = await POST(authRequest("/sign-up/email", { email: person.email, password: PASSWORD, name: "Other" }));
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({
      error: "invalid_request",
      code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      message: "User already exists. Use another email.",
    });
    expect(await db.person.count({ where: { email: person.email } })).toBe(1);

    const sneaky = await POST(
      authRequest("/sign-up/email", {
        email: "sneaky@example.com",
        password: PASSWORD,
        name: "Sneaky",
        role: "operator",
      }),
    );
    expect([200, 400]).toContain(sneaky.status);
    expect((await db.person.findUnique({ where: { email: "sneaky@example.com" } }))?.role ?? "member").toBe("member");
  });

  it("does not store a client-sent image (the site shows none; a javascript: one would wait for a page)", async () => {
    const res = await POST(
      authRequest("/sign-up/email", {
        email: "picture@example.com",
        password: PASSWORD,
        name: "Pic",
        image: "javascript:alert(1)",
      }),
    );
    expect(res.status).toBe(200);
    expect((await db.person.findUniqueOrThrow({ where: { email: "picture@example.com" } })).image).toBeNull();
  });

  it("refuses short passwords and unstorable or overlong names with a 400 JSON error", async () => {
    const short = await POST(
      authRequest("/sign-up/email", { email: "short@example.com", password: "123456789", name: "S" }),
    );
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: "invalid_request", code: "PASSWORD_TOO_SHORT" });
    for (const name of ["Nul\u0000", "Lone \ud800", "x".repeat(81), "   "]) {
      const res = await POST(
        authRequest("/sign-up/email", { email: `n${name.length}@example.com`, password: PASSWORD, name }),
      );
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(((await res.json()) as Json).error).toBe("invalid_request");
    }
    expect(await db.person.count({ where: { email: { startsWith: "n" }, NOT: { email: { contains: "-" } } } })).toBe(0);
  });

  it("answers hostile requests with 4xx JSON: deep nesting, huge or non-JSON bodies, unknown paths, wrong methods", async () => {
    const deep = await POST(authRequest("/sign-in/email", "[".repeat(2000)));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ error: "invalid_request", issues: [{ path: "(body)" }] });

    const huge = await POST(
      authRequest("/sign-in/email", JSON.stringify({ email: "a@example.com", password: "x".repeat(100_000) })),
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as Json).error).toBe("payload_too_large");

    const form = await POST(
      authRequest("/sign-in/email", "email=a%40example.com&password=x", {
        "content-type": "application/x-www-form-urlencoded",
      }),
    );
    expect(form.status).toBe(415);
    expect(((await form.json()) as Json).error).toBe("unsupported_media_type");

    const notJson = await POST(authRequest("/sign-in/email", "{not json"));
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as Json).error).toBe("invalid_json");

    const nowhere = await POST(authRequest("/no-such-endpoint", {}));
    expect(nowhere.status).toBe(404);
    expect(((await nowhere.json()) as Json).error).toBe("not_found");

    const disabled = await POST(authRequest("/delete-user", {}));
    expect(disabled.status).toBe(404);

    const del = await DELETE(new Request(`${SITE}/api/auth/sign-out`, { method: "DELETE" }));
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("get-session answers null without a session and the person with one", async () => {
    const anonymous = await GET(new Request(`${SITE}/api/auth/get-session`));
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toBeNull();
    const person = await signUp({ name: "Linus" });
    const res = await GET(new Request(`${SITE}/api/auth/get-session`, { headers: { cookie: person.cookie } }));
    expect(((await res.json()) as { user: Json }).user).toMatchObject({ id: person.id, name: "Linus", role: "member" });
    // A forged cookie is no session.
    const forged = await GET(
      new Request(`${SITE}/api/auth/get-session`, {
        headers: { cookie: person.cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A")) },
      }),
    );
    expect(await forged.json()).toBeNull();
  });

  it("concurrent sign-ups with one email create one person; the others get better-auth's 422, none a 500", async () => {
    const email = "race@example.com";
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        POST(authRequest("/sign-up/email", { email, password: PASSWORD, name: `Racer ${i}` })),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 422)).toBe(true);
    expect(await db.person.count({ where: { email } })).toBe(1);
    expect(await db.account.count({ where: { user: { email } } })).toBe(1);
  });

  it("a session made by one instance is honoured by another on the same database (the stored secret)", async () => {
    const person = await signUp({ name: "Two Instances" });
    const other = createAuth(await sharedSecret("better_auth_secret"));
    const session = await other.api.getSession({ headers: new Headers({ cookie: person.cookie }) });
    expect(session?.user.id).toBe(person.id);
    // An instance with another secret does not trust the cookie.
    const stranger = createAuth("another-secret-of-at-least-32-characters!");
    expect(await stranger.api.getSession({ headers: new Headers({ cookie: person.cookie }) })).toBeNull();
  });

  it("instances without BETTER_AUTH_SECRET agree on one stored secret, however many ask at once", async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => readOrCreateSharedSecret("concurrent_secret")));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await db.appSecret.count({ where: { name: "concurrent_secret" } })).toBe(1);
  });
});
