// GET /api/listings/{id}/activity end to end (Request in, Response out): who may read it (a token of
// the owner's account or its session; 401 without either, 403 revoked, 404 for another account),
// a malformed id 400, other methods 405, and the answer against its schema.
import { beforeAll, describe, expect, it } from "vitest";
import { revokeMarketplaceToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";
import { listingActivityResponseSchema } from "@/server/listings/provider-overview-schema";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { signUp, type TestPerson } from "@/test/accounts/people";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import * as activity from "./[id]/activity/route";

const BASE = "http://marketplace.test";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function send(method: keyof typeof activity, id: string, headers: Record<string, string> = {}) {
  const res = await (activity[method] as Handler)(
    new Request(`${BASE}/api/listings/${id}/activity`, { method, headers }),
    { params: Promise.resolve({ id }) },
  );
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

let person: TestPerson;
let owner: Agent;
let listingId: string;
let serviceSlug: string;
beforeAll(async () => {
  person = await signUp();
  owner = await createAgent({ type: "human", personId: person.id, name: person.name, role: "member" });
  listingId = await listingWithPayees(owner, [newPayee().address]);
  const service = await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true, slug: true } });
  serviceSlug = service.slug;
  await db.listing.update({ where: { id: listingId }, data: { status: "approved", serviceId: service.id } });
});

describe("GET /api/listings/{id}/activity", () => {
  it("the owner's token and the owner's session read it (200, the schema); a session needs no origin to read", async () => {
    const credentials: Record<string, string>[] = [
      { "x-marketplace-token": owner.token },
      { authorization: `Bearer ${owner.token}` },
      { cookie: person.cookie },
    ];
    for (const headers of credentials) {
      const res = await send("GET", listingId, headers);
      expect(res.status).toBe(200);
      const answer = listingActivityResponseSchema.parse(res.body);
      expect(answer.activity?.slug).toBe(serviceSlug);
      expect(res.headers.get("ratelimit-limit")).not.toBeNull();
    }
  });

  it("no credential or an unknown token: 401; a revoked token: 403; another account: 404", async () => {
    expect((await send("GET", listingId)).status).toBe(401);
    expect((await send("GET", listingId, { "x-marketplace-token": "apmt_" + "x".repeat(40) })).status).toBe(401);
    const stranger = await createAgent();
    const other = await send("GET", listingId, { "x-marketplace-token": stranger.token });
    expect([other.status, other.body.error]).toEqual([404, "not_found"]);
    expect(other.body).not.toHaveProperty("activity");
    const stranger2 = await signUp();
    expect((await send("GET", listingId, { cookie: stranger2.cookie })).status).toBe(404);
    const revoked = await createAgent({ type: "human", personId: person.id, name: person.name, role: "member" });
    await revokeMarketplaceToken(person.id, revoked.tokenId);
    expect((await send("GET", listingId, { "x-marketplace-token": revoked.token })).status).toBe(403);
  });

  it("a malformed id is 400 (NUL, lone surrogate, huge), never a query; other methods 405", async () => {
    for (const id of ["not-a-uuid", "\u0000", "\ud800", "a".repeat(10_000)]) {
      const res = await send("GET", id, { "x-marketplace-token": owner.token });
      expect([res.status, res.body.error], JSON.stringify(id.slice(0, 10))).toEqual([400, "invalid_request"]);
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH"] as const) {
      const res = await send(method, listingId, { "x-marketplace-token": owner.token });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toContain("GET");
    }
  });
});
