// "Verified call" reviews end to end: a review written with a token that has made a paid call to the
// service through the observer says `verifiedCall: true` in both forms, whichever committed first
// (paid call rows inserted directly, as the observer records them); the shortlist's reputation facts
// count verified reviews separately.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { markVerifiedReviews } from "@/server/observe/verified-calls";
import { createReview, markVerifiedAfterCommit } from "@/server/reviews/create-review";
import { withIdempotentWrite } from "@/server/idempotent-write";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { buildShortlist } from "@/server/shortlist/build-shortlist";
import { GET as getOne } from "./[id]/route";
import { GET as getList, POST } from "./route";

const BASE = "http://marketplace.test";

async function post(agent: Agent, slug: string, key?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", "x-marketplace-token": agent.token };
  if (key) headers["idempotency-key"] = key;
  const res = await POST(
    new Request(`${BASE}/api/reviews`, {
      method: "POST",
      headers,
      body: JSON.stringify({ slug, rating: 4, title: "Paid and used", body: "Called it through the marketplace." }),
    }),
  );
  return {
    status: res.status,
    replayed: res.headers.get("idempotent-replayed"),
    body: (await res.json()) as { review: { id: string; verifiedCall: boolean } },
  };
}

async function verifiedInBothForms(id: string, slug: string): Promise<[boolean, boolean]> {
  const one = (await (
    await getOne(new Request(`${BASE}/api/reviews/${id}`), { params: Promise.resolve({ id }) })
  ).json()) as { review: { verifiedCall: boolean } };
  const list = (await (await getList(new Request(`${BASE}/api/reviews?service=${slug}&limit=100`))).json()) as {
    reviews: { id: string; verifiedCall: boolean }[];
  };
  return [one.review.verifiedCall, list.reviews.find((r) => r.id === id)!.verifiedCall];
}

async function recordCall(tokenId: string, serviceId: string, paid: boolean) {
  const offer = await db.offer.findFirstOrThrow({ where: { serviceId }, select: { id: true } });
  await db.$executeRaw(Prisma.sql`
    INSERT INTO observed_calls (offer_id, service_id, token_id, idempotency_key, fingerprint, state, method, status, outcome, latency_ms, paid, payer, completed_at)
    VALUES (${offer.id}, ${serviceId}, ${tokenId}::uuid, ${`key-${randomUUID()}`}, 'fp', 'completed', 'GET', ${paid ? 200 : 402}, 'provider', 80,
            ${paid}, ${paid ? "0xabcdefabcdefabcdefabcdefabcdefabcdefabcd" : null}, now())`);
}

let next = 60;
async function freshService() {
  return db.service.findFirstOrThrow({ orderBy: { id: "asc" }, skip: next++, select: { id: true, slug: true } });
}

describe("verifiedCall", () => {
  it("paid call first, then the review: 201 answers verifiedCall true, both forms say so, a replay too", async () => {
    const agent = await createAgent();
    const svc = await freshService();
    await recordCall(agent.tokenId, svc.id, true);
    const key = `verified-${randomUUID()}`;
    const created = await post(agent, svc.slug, key);
    expect(created.status).toBe(201);
    expect(created.body.review.verifiedCall).toBe(true);
    expect(await verifiedInBothForms(created.body.review.id, svc.slug)).toEqual([true, true]);
    const again = await post(agent, svc.slug, key);
    expect(again.replayed).toBe("true");
    expect(again.body.review.verifiedCall).toBe(true);
  });

  it("review first, then the paid call: false until the observer's mark, then true in both forms", async () => {
    const agent = await createAgent();
    const svc = await freshService();
    const created = await post(agent, svc.slug);
    expect(created.body.review.verifiedCall).toBe(false);
    expect(await verifiedInBothForms(created.body.review.id, svc.slug)).toEqual([false, false]);
    await recordCall(agent.tokenId, svc.id, true);
    expect(await markVerifiedReviews(agent.tokenId, svc.id)).toBe(1);
    expect(await verifiedInBothForms(created.body.review.id, svc.slug)).toEqual([true, true]);
  });

  it("an unpaid call (a 402), a paid call to another service or by another token does not verify", async () => {
    const agent = await createAgent();
    const other = await createAgent();
    const svc = await freshService();
    const elsewhere = await freshService();
    await recordCall(agent.tokenId, svc.id, false);
    await recordCall(agent.tokenId, elsewhere.id, true);
    await recordCall(other.tokenId, svc.id, true);
    const created = await post(agent, svc.slug);
    expect(created.body.review.verifiedCall).toBe(false);
    expect(await markVerifiedReviews(agent.tokenId, svc.id)).toBe(0);
    expect(await verifiedInBothForms(created.body.review.id, svc.slug)).toEqual([false, false]);
  });

  it("a paid call committing while the review is written: the after-commit mark answers and stores the fresh record", async () => {
    const agent = await createAgent();
    const svc = await freshService();
    const key = `race-${randomUUID()}`;
    const scope = { actorKey: `token:${agent.tokenId}`, key, operation: "review.create", input: { slug: svc.slug } };
    // The write commits unverified; the paid call commits just after it, before the after-commit step.
    const answer = await withIdempotentWrite(
      scope,
      async (tx) => ({
        status: 201,
        body: {
          ok: true,
          review: await createReview(agent, { slug: svc.slug, rating: 5, title: "Race", body: "Paid meanwhile." }, tx),
        },
      }),
      async (committed) => {
        expect(committed.body.review.verifiedCall).toBe(false);
        await recordCall(agent.tokenId, svc.id, true);
        const fresh = await markVerifiedAfterCommit(agent, committed.body.review);
        return fresh && { status: committed.status, body: { ok: true, review: fresh } };
      },
    );
    expect(JSON.parse(answer.body).review.verifiedCall).toBe(true);
    // The stored answer is the fresh one: a retry with the key replays verifiedCall true.
    const replay = await withIdempotentWrite(scope, async () => {
      throw new Error("a replay does not write");
    });
    expect(replay.replayed).toBe(true);
    expect(JSON.parse(replay.body).review.verifiedCall).toBe(true);
  });

  it("a failing after-commit step keeps the committed answer (the write is done)", async () => {
    const agent = await createAgent();
    const svc = await freshService();
    const answer = await withIdempotentWrite(
      { actorKey: `token:${agent.tokenId}`, key: null, operation: "review.create", input: {} },
      async (tx) => ({
        status: 201,
        body: {
          ok: true,
          review: await createReview(agent, { slug: svc.slug, rating: 3, title: "Fine", body: "Fine." }, tx),
        },
      }),
      async () => {
        throw new Error("database went away");
      },
    );
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).review.verifiedCall).toBe(false);
  });
});

describe("reputation facts", () => {
  it("count verified reviews separately from all reviews", async () => {
    const outcome = "weather forecast for a city";
    const before = await buildShortlist({ outcome, search: "terms", limit: 1 });
    const top = before.matches[0]!;
    expect(top.reputation.verifiedReviewCount).toBe(0);
    const a = await createAgent();
    const b = await createAgent();
    const c = await createAgent();
    const service = await db.service.findUniqueOrThrow({
      where: { id: top.service.id },
      select: { id: true, slug: true },
    });
    await recordCall(a.tokenId, service.id, true);
    await recordCall(b.tokenId, service.id, true);
    expect((await post(a, service.slug)).status).toBe(201);
    expect((await post(b, service.slug)).status).toBe(201);
    expect((await post(c, service.slug)).status).toBe(201);
    const after = (await buildShortlist({ outcome, search: "terms", limit: 1 })).matches[0]!;
    expect(after.service.id).toBe(top.service.id);
    expect(after.reputation.reviewCount).toBe(top.reputation.reviewCount + 3);
    expect(after.reputation.verifiedReviewCount).toBe(2);
  });
});
