// What the marketplace saw of a service's paid use, as a fit reason (issue 26, item 5): the paid
// calls through its observer over 30 days (how many the provider answered, the newest one's time)
// and the reviews written after such a call (the newest one's time). A fit reason only: the
// ranking does not move, and nothing is said without a paid call or a verified-call review.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { buildShortlist } from "./build-shortlist";
import { fitReasons, verifiedUse } from "./fit-reasons";
import type { Reputation } from "./reputation";

const NOW = new Date("2026-11-28T04:30:00Z");
const DAY = 86_400_000;
const VERIFIED = /^Verified by paid use: /;
const noReviews = { verifiedReviewCount: 0, lastVerifiedReviewAt: null };
const noCalls = { count: 0, answered: 0, lastAt: null };

describe("verifiedUse", () => {
  it("says nothing without a paid call or a verified-call review", () => {
    expect(verifiedUse(noCalls, noReviews)).toBeNull();
  });

  it("counts the paid calls, says how many the provider answered when some failed, and dates the last", () => {
    const last = new Date("2026-11-27T14:02:59.900Z");
    expect(verifiedUse({ count: 12, answered: 12, lastAt: last }, noReviews)).toBe(
      "Verified by paid use: 12 paid calls through the marketplace's observer in the last 30 days (last 2026-11-27 14:02 UTC)",
    );
    expect(verifiedUse({ count: 1, answered: 0, lastAt: last }, noReviews)).toBe(
      "Verified by paid use: 1 paid call through the marketplace's observer in the last 30 days, 0 answered by the provider (last 2026-11-27 14:02 UTC)",
    );
  });

  it("cites the verified-call reviews with the last one's time, after the calls", () => {
    const reviews = { verifiedReviewCount: 3, lastVerifiedReviewAt: "2026-11-20T09:12:00.000Z" };
    expect(verifiedUse(noCalls, reviews)).toBe(
      "Verified by paid use: 3 reviews by agents that paid for a call (last 2026-11-20 09:12 UTC)",
    );
    expect(verifiedUse({ count: 2, answered: 2, lastAt: new Date("2026-11-27T08:00:00Z") }, reviews)).toBe(
      "Verified by paid use: 2 paid calls through the marketplace's observer in the last 30 days (last 2026-11-27 08:00 UTC); 3 reviews by agents that paid for a call (last 2026-11-20 09:12 UTC)",
    );
  });

  it("comes after what the probes observed and before the review average in the fit reasons", () => {
    const reputation: Reputation = {
      reviewRating: 4.2,
      reviewCount: 5,
      humanReviewedCount: 0,
      verifiedReviewCount: 1,
      verifiedPurchaseReviewCount: 0,
      lastReviewAt: "2026-11-21T00:00:00.000Z",
      lastVerifiedReviewAt: "2026-11-21T00:00:00.000Z",
    };
    const reasons = fitReasons({
      outcome: "weather",
      informative: new Set(),
      mode: "all",
      service: {
        name: "Weather",
        description: "",
        tags: [],
        capabilities: ["maps-weather"],
        primaryCapability: "maps-weather",
        protocols: ["x402"],
        testStatus: "untested",
        testedAt: null,
        paidCalls: { count: 4, answered: 4, lastAt: new Date("2026-11-27T08:00:00Z") },
      },
      checks: [],
      reputation,
      offers: [],
      cheapest: undefined,
      observation: { failing: false, reason: "Probed by the marketplace: conformant x402 v2" },
    });
    expect(reasons.slice(-3)).toEqual([
      "Probed by the marketplace: conformant x402 v2",
      "Verified by paid use: 4 paid calls through the marketplace's observer in the last 30 days (last 2026-11-27 08:00 UTC); 1 review by agents that paid for a call (last 2026-11-21 00:00 UTC)",
      "Review average 4.2 from 5 reviews",
    ]);
  });
});

describe("in the shortlist (seeded catalog, observed calls written directly)", () => {
  it("cites the window's answered paid calls and the verified-call reviews with their dates, and ranks nothing differently", async () => {
    const input = { outcome: "Hourly weather forecasts with rain probability for delivery route planning" };
    const before = await buildShortlist(input, NOW);
    expect(before.matches.length).toBeGreaterThan(1);
    for (const m of before.matches) expect(m.fitReasons.some((r) => VERIFIED.test(r))).toBe(false);

    const [target, other] = before.matches;
    const offers = await db.offer.findMany({
      where: { serviceId: { in: [target!.service.id, other!.service.id] } },
      select: { id: true, serviceId: true, method: true },
      orderBy: { id: "asc" },
    });
    const offerOf = (serviceId: string) => offers.find((o) => o.serviceId === serviceId)!;
    const tokenId = randomUUID();
    const call = (
      serviceId: string,
      at: Date,
      over: { paid?: boolean; state?: string; status?: number | null; outcome?: string } = {},
    ) => ({
      offerId: offerOf(serviceId).id,
      serviceId,
      tokenId,
      idempotencyKey: `key-${randomUUID()}`,
      fingerprint: "f",
      method: offerOf(serviceId).method,
      state: over.state ?? "completed",
      status: over.status === undefined ? 200 : over.status,
      outcome: over.outcome ?? "provider",
      paid: over.paid ?? true,
      latencyMs: 80,
      createdAt: at,
    });
    const t = target!.service.id;
    await db.observedCall.createMany({
      data: [
        call(t, new Date(NOW.getTime() - 2 * DAY)),
        call(t, new Date("2026-11-28T03:00:41Z")), // the newest counted
        call(t, new Date(NOW.getTime() - 5 * DAY), { status: 502, outcome: "provider" }), // paid, failed
        call(t, new Date(NOW.getTime() - 1 * DAY), { paid: false, state: "retryable", status: 402 }), // unpaid 402
        call(t, new Date("2026-11-28T04:00:00Z"), { state: "in_flight", status: null }), // not answered yet
        call(t, new Date(NOW.getTime() - 31 * DAY)), // outside the window
        call(other!.service.id, new Date(NOW.getTime() - DAY)), // another service's
      ],
    });
    const reviews = await db.review.findMany({
      where: { serviceId: t, status: "published" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, createdAt: true },
    });
    expect(reviews.length).toBeGreaterThan(0);
    // Up to the two oldest reviews marked verified: the reason dates the newest of those.
    const marked = reviews.slice(0, 2);
    await db.review.updateMany({ where: { id: { in: marked.map((r) => r.id) } }, data: { verifiedCallAt: NOW } });
    const lastMarked = marked.at(-1)!.createdAt.toISOString();
    const reviewsText = marked.length === 1 ? "1 review" : "2 reviews";

    const after = await buildShortlist(input, NOW);
    expect(after.matches.map((m) => [m.service.slug, m.score, m.links, m.offers])).toEqual(
      before.matches.map((m) => [m.service.slug, m.score, m.links, m.offers]),
    );
    const top = after.matches.find((m) => m.service.id === t)!;
    expect(top.reputation.verifiedReviewCount).toBe(marked.length);
    expect(top.fitReasons.filter((r) => VERIFIED.test(r))).toEqual([
      "Verified by paid use: 3 paid calls through the marketplace's observer in the last 30 days, 2 answered by the provider (last 2026-11-28 03:00 UTC); " +
        `${reviewsText} by agents that paid for a call (last ${lastMarked.slice(0, 10)} ${lastMarked.slice(11, 16)} UTC)`,
    ]);
    // Every other reason is as before.
    expect(top.fitReasons.filter((r) => !VERIFIED.test(r))).toEqual(
      before.matches.find((m) => m.service.id === t)!.fitReasons,
    );
    const second = after.matches.find((m) => m.service.id === other!.service.id)!;
    expect(second.fitReasons.filter((r) => VERIFIED.test(r))).toEqual([
      "Verified by paid use: 1 paid call through the marketplace's observer in the last 30 days (last " +
        `${new Date(NOW.getTime() - DAY).toISOString().slice(0, 10)} 04:30 UTC)`,
    ]);
  }, 60_000);
});
