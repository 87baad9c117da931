// The account scripts as a person runs them: child processes on this test file's database
// (DATABASE_URL). operator:create creates an account (a printed one-time password that signs in)
// and then promotes; token:create prints a working token once, with or without an owner.
import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { authenticateToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";
import { recordServedBaseUrl } from "@/scripts/lib/database";
import { authRequest, PASSWORD, signUp } from "@/test/accounts/people";
import { runScript } from "@/test/scripts/run-script";

// Each run migrates and checks the catalog first (ensureDatabaseThenRun), several seconds apiece on a busy machine.
const SCRIPT_TEST_MS = 240_000;

const run = runScript;

describe("npm run operator:create", { timeout: SCRIPT_TEST_MS }, () => {
  it("creates an operator with a one-time password that signs in, then leaves them be; promotes an existing person without touching the password", async () => {
    const created = await run("scripts/operator-create.ts", ["Boss@Example.com"]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created operator account boss@example.com.");
    const password = /^ {2}(\S+)$/m.exec(created.stdout)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const person = await db.person.findUniqueOrThrow({ where: { email: "boss@example.com" } });
    expect(person.role).toBe("operator");
    expect(await db.session.count({ where: { userId: person.id } })).toBe(0);
    const signIn = await authPost(authRequest("/sign-in/email", { email: "boss@example.com", password }));
    expect(signIn.status).toBe(200);

    const again = await run("scripts/operator-create.ts", ["boss@example.com"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already an operator");

    const member = await signUp();
    const promoted = await run("scripts/operator-create.ts", [member.email]);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`Promoted ${member.email} to operator; their password is unchanged.`);
    expect(promoted.stdout).not.toMatch(/password \(/i);
    expect((await db.person.findUniqueOrThrow({ where: { id: member.id } })).role).toBe("operator");
    expect((await authPost(authRequest("/sign-in/email", { email: member.email, password: PASSWORD }))).status).toBe(
      200,
    );
  });

  it("without BASE_URL, links to the address the app was started with, not localhost (issue 24 item 4)", async () => {
    const { BASE_URL: _unset, ...withoutBaseUrl } = process.env;
    await recordServedBaseUrl(process.env.DATABASE_URL!, "https://market.example.org");
    const created = await run("scripts/operator-create.ts", ["far@example.com"], withoutBaseUrl as NodeJS.ProcessEnv);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("sign in at https://market.example.org/sign-in");
  });

  it("refuses a missing or invalid email with exit code 1", async () => {
    expect((await run("scripts/operator-create.ts", [])).code).toBe(1);
    const invalid = await run("scripts/operator-create.ts", ["not-an-email"]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('"not-an-email" is not an email address.');
  });
});

describe("npm run token:create", { timeout: SCRIPT_TEST_MS }, () => {
  it("prints a token with no owner, and one for an account with --email", async () => {
    const loose = await run("scripts/token-create.ts", ["--name", "nightly job"]);
    expect(loose.code, loose.stderr).toBe(0);
    const token = loose.stdout.trim();
    expect(token).toMatch(/^apmt_[A-Za-z0-9_-]{43}$/);
    expect(loose.stderr).toContain('Created marketplace token "nightly job"');
    expect(await authenticateToken(token)).toMatchObject({ type: "llm", personId: null, name: "nightly job" });

    const owner = await signUp({ name: "Owner" });
    const owned = await run("scripts/token-create.ts", ["--name", "owned", "--email", owner.email.toUpperCase()]);
    expect(owned.code, owned.stderr).toBe(0);
    expect(await authenticateToken(owned.stdout.trim())).toMatchObject({
      personId: owner.id,
      org: "Owner",
      name: "owned",
    });
  });

  it("an unknown owner email, a missing name or a bad name is a clear error with exit code 1 and no token", async () => {
    const before = await db.marketplaceToken.count();
    const unknown = await run("scripts/token-create.ts", ["--name", "x", "--email", "ghost@example.com"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toContain('No account with the email "ghost@example.com"');
    const noName = await run("scripts/token-create.ts", []);
    expect(noName.code).toBe(1);
    expect(noName.stderr).toContain("Usage: npm run token:create");
    const blank = await run("scripts/token-create.ts", ["--name", "   "]);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain("A token needs a name.");
    expect(await db.marketplaceToken.count()).toBe(before);
  });
});
