// The public base URL the app was last started with (`npm start` records it), for the command-line
// scripts: `npm run operator:create` runs in another shell, usually without the app's BASE_URL, and
// printed a sign-in link on localhost that the app then refused (INVALID_ORIGIN). Kept beside the
// shared secrets (app_secrets: one row per name, shared by every instance and script on the database).
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";

export const SERVED_BASE_URL = "served_base_url";

/** The base URL `npm start` last served on this database, if any. */
export async function servedBaseUrl(): Promise<string | undefined> {
  const rows = await sqlQuery<{ value: string }>(
    Prisma.sql`SELECT value FROM app_secrets WHERE name = ${SERVED_BASE_URL}`,
  );
  return rows[0]?.value;
}
