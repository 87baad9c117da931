// Secrets every instance on one database must agree on (the session-signing secret when
// BETTER_AUTH_SECRET is not set): the first instance to ask stores a random one, the others read it.
import { randomBytes } from "node:crypto";
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";

/** The secret named `name`, made (32 random bytes, base64url) the first time any instance asks. */
export async function readOrCreateSharedSecret(name: string): Promise<string> {
  // Two statements, not one: a single INSERT ... ON CONFLICT plus SELECT would read the snapshot
  // taken before a concurrent instance's insert committed, and find nothing.
  await sqlQuery(
    Prisma.sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString("base64url")}) ON CONFLICT (name) DO NOTHING`,
  );
  const rows = await sqlQuery<{ value: string }>(Prisma.sql`SELECT value FROM app_secrets WHERE name = ${name}`);
  if (!rows[0]) throw new Error(`app secret ${name} was not stored`);
  return rows[0].value;
}

// A stored secret never changes once made (nothing rotates these), so each process reads it once:
// the status credential of every queued purchase and each MPP challenge would otherwise cost two
// statements. A failed read is forgotten, so the next call tries again.
const known = new Map<string, Promise<string>>();

/** readOrCreateSharedSecret, once per process and name. */
export function sharedSecret(name: string): Promise<string> {
  let secret = known.get(name);
  if (!secret) {
    secret = readOrCreateSharedSecret(name);
    known.set(name, secret);
    secret.catch(() => known.delete(name));
  }
  return secret;
}
