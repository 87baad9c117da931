// tRPC callers for tests: signed out, or as a person (a real `people` row) with the headers a
// mutation from our own pages carries (Origin, JSON), as init.ts's guard requires.
import { randomUUID } from "node:crypto";
import type { Actor } from "../../accounts/actor";
import { baseUrl } from "../../env";
import { db } from "../../db";
import { createCallerFactory, createTRPCContext } from "../init";
import { appRouter } from "../router";

const createCaller = createCallerFactory(appRouter);
const siteHeaders = () => new Headers({ origin: new URL(baseUrl).origin, "content-type": "application/json", "x-forwarded-for": "203.0.113.7" });

export type HumanActor = Extract<Actor, { type: "human" }>;

export async function signedOutCaller() {
  return createCaller(await createTRPCContext({ headers: siteHeaders() }));
}

export async function createPerson(role: "member" | "operator" = "member"): Promise<HumanActor> {
  const id = randomUUID();
  const name = `${role} ${id.slice(0, 6)}`;
  await db.person.create({ data: { id, name, email: `${id}@people.test`, role } });
  return { type: "human", personId: id, name, role };
}

export async function callerFor(actor: HumanActor) {
  const ctx = await createTRPCContext({ headers: siteHeaders() });
  return createCaller({ ...ctx, actor });
}
