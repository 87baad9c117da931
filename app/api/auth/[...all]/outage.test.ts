// Signed-in requests while the database is away (a PostgreSQL restart): the session cannot be read,
// so the answer is 503 database_unavailable with Retry-After, never a 500 and never "signed out".
import { describe, expect, it } from "vitest";
import { GET as trpcGet, POST as trpcPost } from "@/app/api/trpc/[trpc]/route";
import { databaseOutage } from "@/test/database-outage";
import { authRequest, PASSWORD, signUp, SITE } from "@/test/accounts/people";
import { GET, POST } from "./route";

const { cut, restore } = databaseOutage();

describe("accounts while the database is away", () => {
  it("tRPC with a session cookie, sign-in and get-session answer 503 database_unavailable, then recover", async () => {
    const person = await signUp();
    await cut();
    const me = await trpcGet(new Request(`${SITE}/api/trpc/account.me`, { headers: { cookie: person.cookie } }));
    expect(me.status).toBe(503);
    expect(me.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await me.json()).toMatchObject({
      error: { data: { code: "SERVICE_UNAVAILABLE", appCode: "database_unavailable" } },
    });

    const mutation = await trpcPost(
      new Request(`${SITE}/api/trpc/account.tokens.create`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE, cookie: person.cookie },
        body: JSON.stringify({ name: "t" }),
      }),
    );
    expect(mutation.status).toBe(503);

    const signIn = await POST(authRequest("/sign-in/email", { email: person.email, password: PASSWORD }));
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await signIn.json()).toMatchObject({ error: "database_unavailable" });

    const session = await GET(new Request(`${SITE}/api/auth/get-session`, { headers: { cookie: person.cookie } }));
    expect(session.status).toBe(503);

    await restore();
    const back = await trpcGet(new Request(`${SITE}/api/trpc/account.me`, { headers: { cookie: person.cookie } }));
    expect(back.status).toBe(200);
    expect(((await back.json()) as { result: { data: { personId: string } } }).result.data.personId).toBe(person.id);
  });
});
