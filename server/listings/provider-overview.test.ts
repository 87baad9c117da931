// The owner's view of what happened to an approved listing's service, on the real database: a seeded
// service is given to a listing and cleared of its activity, then known rows are inserted (probes,
// tests, calls, reviews) and every figure is checked against them; another account gets 404, a
// listing without an approved service answers null, and a service without activity its empty states.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { createAgent, createPerson, type Human } from "@/server/reviews/test-actors";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { getListingActivity } from "./provider-overview";
import { listingActivityResponseSchema } from "./provider-overview-schema";

const NOW = new Date();
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

let owner: Human;
let listingId: string;
let service: { id: string; slug: string; offers: { id: string; method: string; path: string }[] };

/** A seeded service with at least two offers, stripped of everything the overview counts. */
async function clearedService(skip: number) {
  const s = await db.service.findFirstOrThrow({
    where: { offers: { some: {} } },
    orderBy: { id: "asc" },
    skip,
    select: {
      id: true,
      slug: true,
      offers: { select: { id: true, method: true, path: true }, orderBy: { id: "asc" } },
    },
  });
  const offerIds = s.offers.map((o) => o.id);
  await db.review.deleteMany({ where: { serviceId: s.id } });
  await db.observedCall.deleteMany({ where: { serviceId: s.id } });
  await db.serviceTest.deleteMany({ where: { serviceId: s.id } });
  await db.offerProbe.deleteMany({ where: { offerId: { in: offerIds } } });
  await db.offerHealth.deleteMany({ where: { offerId: { in: offerIds } } });
  return s;
}

async function ownedListing(of: Human, serviceId: string | null) {
  const id = await listingWithPayees(of, [newPayee().address]);
  await db.listing.update({ where: { id }, data: { status: "approved", serviceId } });
  return id;
}

async function review(rating: number, verified: boolean, minutesAgo: number, status = "published") {
  await db.review.create({
    data: {
      serviceId: service.id,
      actorType: "llm",
      name: "agent",
      org: "org",
      rating,
      title: `rated ${rating}`,
      body: "Plain <b>text</b>",
      tags: [],
      status,
      verifiedCallAt: verified ? ago(minutesAgo) : null,
      createdAt: ago(minutesAgo),
    },
  });
}

async function call(offerId: string, status: number, latencyMs: number, paid: boolean, payer: string | null, at: Date) {
  await db.observedCall.create({
    data: {
      offerId,
      serviceId: service.id,
      tokenId: randomUUID(),
      idempotencyKey: randomUUID(),
      fingerprint: "f",
      state: "completed",
      method: "GET",
      status,
      outcome: status === 504 ? "provider_timeout" : "provider",
      latencyMs,
      paid,
      payer,
      createdAt: at,
      claimedAt: at,
    },
  });
}

beforeAll(async () => {
  owner = await createPerson();
  service = await clearedService(0);
  listingId = await ownedListing(owner, service.id);
  const [a, b] = service.offers;
  const offerB = b ?? a!;

  await db.offerProbe.createMany({
    data: [
      { offerId: a!.id, probedAt: ago(30), verdict: "conformant", status: 402, latencyMs: 40 },
      {
        offerId: offerB.id,
        probedAt: ago(20),
        verdict: "non_conformant",
        status: 402,
        latencyMs: 55,
        failedChecks: ["pay_to_matches"],
      },
      { offerId: a!.id, probedAt: ago(10), verdict: "unreachable", status: null, latencyMs: 3000, detail: "timeout" },
    ],
  });
  await db.offerHealth.create({
    data: { offerId: a!.id, state: "conformant", uptime24h: 66.67, uptime7d: 80, uptime30d: 90, probes30d: 3 },
  });

  await db.serviceTest.createMany({
    data: [
      {
        serviceId: service.id,
        offerId: a!.id,
        trigger: "approval",
        outcome: "output",
        status: 200,
        latencyMs: 120,
        excerpt: '{"ok":true}',
        spentAtomic: 1000n,
        testedAt: ago(60),
        finishedAt: ago(59),
      },
      {
        serviceId: service.id,
        offerId: "removed-offer",
        trigger: "operator",
        outcome: "skipped-budget",
        detail: "budget",
        spentAtomic: 0n,
        testedAt: ago(5),
        finishedAt: ago(5),
      },
    ],
  });

  // Five calls in the window (two paid by two payers, spelled in two cases by one), one out of it.
  await call(a!.id, 200, 100, true, "0xAbC", ago(50));
  await call(a!.id, 200, 200, true, "0xabc", ago(40));
  await call(a!.id, 402, 10, false, null, ago(30));
  await call(offerB.id, 504, 5000, false, null, ago(20));
  await call(a!.id, 200, 300, false, null, ago(10));
  await call(a!.id, 200, 999, true, "0xdef", ago(40 * 24 * 60));
  // In flight: no answer yet, not counted.
  await db.observedCall.create({
    data: {
      offerId: a!.id,
      serviceId: service.id,
      tokenId: randomUUID(),
      idempotencyKey: randomUUID(),
      fingerprint: "f",
      method: "GET",
    },
  });

  await review(5, true, 100);
  await review(4, false, 90);
  await review(3, true, 80);
  await review(2, false, 70);
  await review(1, true, 60, "hidden");
});

describe("getListingActivity", () => {
  it("the owner sees figures that match the rows", async () => {
    const answer = listingActivityResponseSchema.parse(await getListingActivity(owner, listingId, NOW));
    const act = answer.activity!;
    expect(answer.listingId).toBe(listingId);
    expect(act.slug).toBe(service.slug);

    expect(act.probes.recent.map((p) => p.verdict)).toEqual(["unreachable", "non_conformant", "conformant"]);
    expect(act.probes.recent[1]!.failedChecks).toEqual(["pay_to_matches"]);
    expect(act.probes.recent[0]).toMatchObject({ status: null, latencyMs: 3000, detail: "timeout" });
    expect(act.probes.offers.find((o) => o.offer.id === service.offers[0]!.id)!.health).toMatchObject({
      state: "conformant",
      uptime24h: 66.67,
      uptime30d: 90,
    });

    expect(act.tests.total).toBe(2);
    expect(act.tests.spentUsd).toBe("0.001");
    expect(act.tests.recent.map((t) => [t.trigger, t.outcome])).toEqual([
      ["operator", "skipped-budget"],
      ["approval", "output"],
    ]);
    expect(act.tests.recent[0]!.offer).toBeNull();
    expect(act.tests.recent[1]).toMatchObject({
      offer: service.offers[0],
      status: 200,
      latencyMs: 120,
      excerpt: '{"ok":true}',
      spentUsd: "0.001",
    });

    expect(act.calls).toMatchObject({
      calls30d: 5,
      paidCalls30d: 2,
      uniquePayers30d: 1,
      successRate: 0.8,
      errorRate: 0.2,
      p50LatencyMs: 200,
    });
    // percentile_cont(0.95) over 10, 100, 200, 300, 5000: 300 + 0.8 × 4700.
    expect(act.calls.p95LatencyMs).toBe(4060);
    expect(act.calls.statuses).toEqual([
      { status: 200, calls: 3 },
      { status: 402, calls: 1 },
      { status: 504, calls: 1 },
    ]);
    expect(act.calls.recent.map((c) => c.status)).toEqual([200, 504, 402, 200, 200]);
    expect(act.calls.recent[1]).toMatchObject({ outcome: "provider_timeout", paid: false });
    expect(JSON.stringify(act.calls.recent)).not.toMatch(/0xabc/i);

    expect(act.reviews).toMatchObject({ count: 4, averageRating: 3.5, verifiedCount: 2, verifiedShare: 0.5 });
    expect(act.reviews.latest.map((r) => r.rating)).toEqual([2, 3, 4]);
    expect(act.reviews.latest[0]!.body).toBe("Plain <b>text</b>");
  });

  it("another account, an agent of another account and an unknown id: 404", async () => {
    for (const actor of [await createPerson(), await createAgent()]) {
      const err = await getListingActivity(actor, listingId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe("not_found");
    }
    const err = await getListingActivity(owner, randomUUID()).catch((e: unknown) => e);
    expect((err as AppError).code).toBe("not_found");
  });

  it("the owner's own token sees the same activity as its session", async () => {
    const token = await createAgent(owner);
    expect(await getListingActivity(token, listingId, NOW)).toEqual(await getListingActivity(owner, listingId, NOW));
  });

  it("a listing without an approved service: activity null", async () => {
    const id = await ownedListing(owner, null);
    expect(await getListingActivity(owner, id)).toEqual({ ok: true, listingId: id, activity: null });
  });

  it("an approved service with nothing observed yet: the empty states", async () => {
    const quiet = await clearedService(1);
    const id = await ownedListing(owner, quiet.id);
    const act = listingActivityResponseSchema.parse(await getListingActivity(owner, id)).activity!;
    expect(act.probes.recent).toEqual([]);
    expect(act.probes.health.state).toBe("unprobed");
    expect(act.tests).toEqual({ total: 0, spentUsd: "0.00", recent: [] });
    expect(act.calls).toMatchObject({
      calls30d: 0,
      paidCalls30d: 0,
      uniquePayers30d: 0,
      successRate: null,
      errorRate: null,
      p50LatencyMs: null,
      p95LatencyMs: null,
      statuses: [],
      recent: [],
    });
    expect(act.reviews).toEqual({ count: 0, averageRating: null, verifiedCount: 0, verifiedShare: null, latest: [] });
  });
});
