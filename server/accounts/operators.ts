// Operators are people with the operator role. `npm run operator:create -- <email>` makes one:
// it creates the account with a generated password (printed once) or promotes an existing person
// without touching their password. Accounts are made through better-auth's own sign-up, so the
// password is hashed and checked exactly as on the site.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { getAuth } from "./auth";

export const operatorEmailSchema = z
  .email("Not an email address.")
  .max(254)
  .transform((e) => e.toLowerCase());

export type OperatorOutcome =
  | { action: "created"; personId: string; email: string; password: string }
  | { action: "promoted" | "already_operator"; personId: string; email: string };

/** Sets `role` on the person with `email`; false when there is no such person. */
export async function setRole(email: string, role: "member" | "operator"): Promise<boolean> {
  const { count } = await db.person.updateMany({ where: { email: email.toLowerCase() }, data: { role } });
  return count > 0;
}

async function promote(email: string): Promise<OperatorOutcome | undefined> {
  const person = await db.person.findUnique({ where: { email }, select: { id: true, role: true } });
  if (!person) return undefined;
  if (person.role === "operator") return { action: "already_operator", personId: person.id, email };
  await db.person.update({ where: { id: person.id }, data: { role: "operator" } });
  return { action: "promoted", personId: person.id, email };
}

export async function createOrPromoteOperator(rawEmail: string): Promise<OperatorOutcome> {
  const parsed = operatorEmailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new AppError("invalid_request", `"${rawEmail}" is not an email address.`);
  const email = parsed.data;
  const existing = await promote(email);
  if (existing) return existing;
  // 24 base64url characters (144 bits): well over the minimum length, typed once and then changed.
  const password = randomBytes(18).toString("base64url");
  const auth = await getAuth();
  try {
    const { user, token } = await auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0]! } });
    // Sign-up signs in; nobody holds that session's cookie, so it goes.
    if (token) await db.session.deleteMany({ where: { token } });
    await db.person.update({ where: { id: user.id }, data: { role: "operator" } });
    return { action: "created", personId: user.id, email, password };
  } catch (err) {
    // Created meanwhile by someone else (a concurrent run, a sign-up): promote that person instead.
    const raced = await promote(email);
    if (raced) return raced;
    throw err;
  }
}
