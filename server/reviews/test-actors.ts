// Test support only (imported by *.test.ts): actors for review tests: people as Person rows (no auth needed at the service layer) and agents
// as real marketplace tokens.
import { randomUUID } from "node:crypto";
import type { Actor } from "@/server/accounts/actor";
import { authenticateToken, createMarketplaceToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";

export type Human = Extract<Actor, { type: "human" }>;
export type Agent = Extract<Actor, { type: "llm" }> & { token: string };

export async function createPerson(
  role: "member" | "operator" = "member",
  name = `Person ${randomUUID().slice(0, 8)}`,
): Promise<Human> {
  const id = randomUUID();
  await db.person.create({ data: { id, name, email: `${id}@example.test`, role } });
  return { type: "human", personId: id, name, role };
}

/** A token (owned by `owner`, or by a fresh person) and the agent it authenticates as. */
export async function createAgent(owner?: Human | null, name = `agent-${randomUUID().slice(0, 8)}`): Promise<Agent> {
  const personId = owner === null ? null : (owner ?? (await createPerson())).personId;
  const { token } = await createMarketplaceToken(personId, name);
  return { ...(await authenticateToken(token)), token };
}

/** The slug of the n-th service, and the id of the n-th published seeded review (fresh tokens never collide on them). */
export async function someService(skip = 0): Promise<string> {
  return (await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, skip, select: { slug: true } })).slug;
}

export async function someReview(skip = 0): Promise<string> {
  return (
    await db.review.findFirstOrThrow({
      where: { status: "published" },
      orderBy: { id: "asc" },
      skip,
      select: { id: true },
    })
  ).id;
}
