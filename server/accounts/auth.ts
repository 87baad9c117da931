// People sign up and sign in with better-auth (email and password); sessions live in PostgreSQL
// through its Prisma adapter on our client. Its CSRF checks and cookie defaults stay as they are:
// HttpOnly, SameSite=Lax, Secure when the base URL is https. The secret is BETTER_AUTH_SECRET, or a
// random one stored once in app_secrets so that every instance on the database signs alike; reading
// it needs the database, hence `getAuth()` is async (and cached per process).
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, isAPIError } from "better-auth/api";
import { db } from "../db";
import { baseUrl, env } from "../env";
import { logger } from "../logger";
import { personNameSchema } from "./person-name";
import { sharedSecret } from "./shared-secret";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
const SECRET_NAME = "better_auth_secret";

/** Run a better-auth request inside `authFailures.run({}, …)` to learn what made it fail. */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();

/** A name better-auth would store as it is: refused with a 400 that says why instead. */
function checkName(name: unknown): void {
  if (name === undefined) return;
  const parsed = personNameSchema.safeParse(name);
  if (!parsed.success)
    throw new APIError("BAD_REQUEST", {
      message: parsed.error.issues[0]?.message ?? "The name is not valid.",
      code: "INVALID_NAME",
    });
}

/** The better-auth instance for a secret and base URL (tests build a second one for https). */
export function createAuth(secret: string, url: string = baseUrl) {
  return betterAuth({
    appName: "Agent Payment Marketplace",
    baseURL: url,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [new URL(url).origin],
    database: prismaAdapter(db, { provider: "postgresql" }),
    user: {
      modelName: "person",
      // Set by `npm run operator:create` only: a client can never send it.
      additionalFields: { role: { type: "string", required: false, defaultValue: "member", input: false } },
    },
    session: { modelName: "session" },
    account: { modelName: "account" },
    verification: { modelName: "verification" },
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: MAX_PASSWORD_LENGTH },
    // better-auth's production CSRF behaviour everywhere: it switches its Origin and callback URL
    // checks off under NODE_ENV=test, which would leave the tests checking something else.
    advanced: { disableOriginCheck: false },
    // Our own limiter counts sign-ups and sign-ins per client address in PostgreSQL, shared by
    // every instance (app/api/auth/[...all]/route.ts); better-auth's would count per process.
    rateLimit: { enabled: false },
    // Off by default in this version; said explicitly because nothing here may call out.
    telemetry: { enabled: false },
    // Endpoints the site does not offer: profile edits (name, image) and account deletion.
    disabledPaths: ["/update-user", "/delete-user", "/change-email"],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            checkName(user.name);
            // The site shows no pictures; a client-sent `image` (any text, `javascript:` included)
            // would only wait in the table for some future page to render it.
            return { data: { ...user, image: null } };
          },
        },
      },
    },
    // better-auth answers any failure that is not its own refusal with a bare 500; the error is
    // kept for the request (authFailures) so that our route can answer a database outage with 503.
    onAPIError: {
      onError: (error) => {
        const capture = authFailures.getStore();
        if (capture) capture.error = error;
        if (!isAPIError(error) || error.statusCode >= 500)
          logger.error({ err: error, source: "better-auth" }, "better-auth failed");
      },
    },
    logger: {
      level: "warn",
      log: (level, message) =>
        level === "error"
          ? logger.error({ source: "better-auth" }, message)
          : logger.warn({ source: "better-auth" }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let cached: Promise<Auth> | undefined;

/** This process's better-auth instance. A failure (database away) is not cached: the next call tries again. */
export function getAuth(): Promise<Auth> {
  if (!cached) {
    const made = (async () => createAuth(env.BETTER_AUTH_SECRET ?? (await sharedSecret(SECRET_NAME))))();
    made.catch(() => {
      if (cached === made) cached = undefined;
    });
    cached = made;
  }
  return cached;
}
