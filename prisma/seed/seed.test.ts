// The seed catalog: deterministic, large and varied enough, and written faithfully.
import { describe, expect, it } from "vitest";
import { createPrismaClient, db } from "@/server/db";
import { usdToAtomic } from "@/server/money";
import { CAPABILITIES } from "@/server/catalog/vocabulary";
import { createTestDatabase } from "@/test/databases";
import { seedIfEmpty } from "@/scripts/lib/database";
import { profileOf } from "@/server/sandbox/profiles";
import { TESTER_TOKEN_ID } from "@/server/marketplace-tests/tester";
import { buildSeedCatalog } from "./catalog/index";

const catalog = buildSeedCatalog();

describe("seed catalog content", () => {
  it("is deterministic", () => {
    expect(JSON.stringify(buildSeedCatalog())).toBe(JSON.stringify(catalog));
  });

  it("has at least 150 services spread over all seven capabilities", () => {
    expect(catalog.services.length).toBeGreaterThanOrEqual(150);
    for (const c of CAPABILITIES)
      expect(catalog.services.filter((s) => s.primaryCapability === c).length, c).toBeGreaterThanOrEqual(15);
    expect(new Set(catalog.services.map((s) => s.slug)).size).toBe(catalog.services.length);
    expect(new Set(catalog.services.map((s) => s.id)).size).toBe(catalog.services.length);
  });

  it("gives every service 1 to 6 endpoints (its x402 offers) priced 0.0005 to 0.50 USD, GET and POST", () => {
    const offers = catalog.services.flatMap((s) => s.offers);
    for (const s of catalog.services) {
      const x402 = s.offers.filter((o) => o.protocol === "x402").length;
      expect(x402 >= 1 && x402 <= 6, s.slug).toBe(true);
    }
    for (const o of offers) {
      expect(usdToAtomic(o.priceUsd)).toBeGreaterThanOrEqual(500);
      expect(usdToAtomic(o.priceUsd)).toBeLessThanOrEqual(500_000);
      expect(o.path).toMatch(/^\//);
      expect(o.description.length).toBeGreaterThan(10);
    }
    expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
    expect(offers.some((o) => o.method === "GET")).toBe(true);
    expect(offers.some((o) => o.method === "POST")).toBe(true);
  });

  it("sells every endpoint of the 46 MPP services with MPP too: an mpp offer with its own id beside each x402 offer", () => {
    const mppServices = catalog.services.filter((s) => s.protocols.includes("mpp"));
    expect(mppServices).toHaveLength(46);
    for (const s of catalog.services) {
      const x402 = s.offers.filter((o) => o.protocol === "x402");
      const mpp = s.offers.filter((o) => o.protocol === "mpp");
      expect(s.offers.length, s.slug).toBe(x402.length + mpp.length);
      if (!s.protocols.includes("mpp")) {
        expect(mpp, s.slug).toEqual([]);
        continue;
      }
      // Same endpoint, price and description; only the id and the protocol differ.
      expect(
        mpp.map(({ id: _id, protocol: _p, ...rest }) => rest),
        s.slug,
      ).toEqual(x402.map(({ id: _id, protocol: _p, ...rest }) => rest));
      for (const o of mpp) expect(x402.map((x) => x.id)).not.toContain(o.id);
    }
  });

  it("has facts with sources, some negative, and evidence sentences", () => {
    const facts = catalog.services.flatMap((s) => s.facts);
    expect(facts.length).toBeGreaterThan(300);
    expect(facts.some((f) => f.value === false)).toBe(true);
    for (const f of facts) expect(() => new URL(f.source)).not.toThrow();
    for (const s of catalog.services) {
      const p = s.facts.find((f) => f.key === "protocols");
      if (p) expect([...(p.value as string[])].sort()).toEqual([...s.protocols].sort());
      expect(s.protocols).toContain("x402");
    }
    expect(catalog.services.flatMap((s) => s.evidence).length).toBeGreaterThan(300);
  });

  it("has at least 500 reviews rated 2 to 5 with tags, comments and engagement", () => {
    const reviews = catalog.reviews;
    expect(reviews.length).toBeGreaterThanOrEqual(500);
    expect(new Set(reviews.map((r) => r.id)).size).toBe(reviews.length);
    expect(new Set(reviews.map((r) => r.body)).size).toBe(reviews.length);
    for (const r of reviews) {
      expect([2, 3, 4, 5]).toContain(r.rating);
      expect(r.tags.length).toBeGreaterThan(0);
    }
    expect(new Set(reviews.map((r) => r.rating)).size).toBe(4);
    expect(reviews.filter((r) => r.comments.length > 0).length).toBeGreaterThan(100);
    expect(reviews.filter((r) => r.likes.human + r.likes.llm > 0).length).toBeGreaterThan(100);
    expect(reviews.some((r) => r.actorType === "human") && reviews.some((r) => r.actorType === "llm")).toBe(true);
  });
});

describe("seeding the database", () => {
  it("wrote the whole catalog (this file's database is a seeded copy)", async () => {
    expect(await db.service.count()).toBe(catalog.services.length);
    expect(await db.offer.count()).toBe(catalog.services.reduce((n, s) => n + s.offers.length, 0));
    // Each offer is stored with its own protocol; MPP offers carry no x402 payment requirements.
    expect(await db.offer.count({ where: { protocol: "mpp" } })).toBe(
      catalog.services.flatMap((s) => s.offers).filter((o) => o.protocol === "mpp").length,
    );
    expect(
      await db.offer.count({
        where: {
          protocol: "mpp",
          OR: [{ payTo: { not: null } }, { network: { not: null } }, { asset: { not: null } }],
        },
      }),
    ).toBe(0);
    expect(
      await db.offer.count({ where: { protocol: "x402", OR: [{ payTo: null }, { network: null }, { asset: null }] } }),
    ).toBe(0);
    // The seed's reviews, and the marketplace's test review of each service its tests reached.
    expect(await db.review.count({ where: { OR: [{ tokenId: null }, { tokenId: { not: TESTER_TOKEN_ID } }] } })).toBe(
      catalog.reviews.length,
    );
    expect(await db.review.count({ where: { tokenId: TESTER_TOKEN_ID } })).toBe(
      await db.service.count({ where: { testStatus: { not: "untested" } } }),
    );
    expect(await db.comment.count()).toBe(catalog.reviews.reduce((n, r) => n + r.comments.length, 0));
    const rows = await db.reviewEngagement.count();
    expect(rows).toBe(
      catalog.reviews.reduce((n, r) => n + r.likes.llm + r.likes.human + r.favorites.llm + r.favorites.human, 0),
    );
  });

  it("claims no test: every status, date and test review comes from a marketplace test that ran against the sandbox", async () => {
    const rows = await db.service.findMany({
      select: {
        slug: true,
        testStatus: true,
        testedAt: true,
        testReviewId: true,
        tests: { select: { trigger: true, outcome: true, status: true, spentAtomic: true, finishedAt: true } },
      },
    });
    const world = new Map(catalog.services.map((s) => [s.slug, s]));
    let output = 0;
    for (const r of rows) {
      const s = world.get(r.slug)!;
      if (!s.world.testedAtSeed) {
        expect({ slug: r.slug, status: r.testStatus, at: r.testedAt, tests: r.tests.length }).toEqual({
          slug: r.slug,
          status: "untested",
          at: null,
          tests: 0,
        });
        continue;
      }
      // One paid test per x402 offer; what the sandbox answered decides: a provider that delivers and
      // whose 402 is conformant returns output, one that does not deliver answers 502 after payment,
      // and a non-conformant 402 is not paid at all.
      const conformant = profileOf(r.slug).kind !== "non-conformant";
      const expected = s.world.delivers && conformant ? "tested-output" : "tested-no-output";
      expect(r.testStatus, r.slug).toBe(expected);
      if (expected === "tested-output") output++;
      expect(r.tests.length, r.slug).toBe(s.offers.filter((o) => o.protocol === "x402").length);
      for (const t of r.tests) expect(t.trigger).toBe("seed");
      expect(r.testedAt?.getTime(), r.slug).toBe(Math.max(...r.tests.map((t) => t.finishedAt!.getTime())));
      expect(r.testReviewId, r.slug).not.toBeNull();
      if (!s.world.delivers && conformant)
        expect(
          r.tests.every((t) => t.status === 502 && t.spentAtomic > 0n),
          r.slug,
        ).toBe(true);
      if (!conformant)
        expect(
          r.tests.every((t) => t.spentAtomic === 0n),
          r.slug,
        ).toBe(true);
    }
    // Most of the tested world returns output; some of it does not.
    const tested = catalog.services.filter((s) => s.world.testedAtSeed).length;
    expect(output).toBeGreaterThan(tested / 2);
    expect(output).toBeLessThan(tested);
  });

  it("seeds an empty database once and leaves a populated one alone", async () => {
    const url = await createTestDatabase("empty");
    const client = createPrismaClient(url, 2);
    try {
      expect(await client.service.count()).toBe(0);
      expect(await seedIfEmpty(url)).toMatchObject({
        seeded: true,
        services: catalog.services.length,
        reviews: catalog.reviews.length,
      });
      expect(await seedIfEmpty(url)).toEqual({ seeded: false });
      expect(await client.service.count()).toBe(catalog.services.length);
    } finally {
      await client.$disconnect();
    }
  });
});
