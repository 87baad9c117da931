// The shortlist engine against the seeded, indexed catalog (real PostgreSQL, real embeddings).
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { buildShortlist } from "./build-shortlist";
import { SEARCH_MODES } from "./request-schema";
import { matchSchema, shortlistSchema } from "./result-schema";

const OUTCOME = "Hourly weather forecasts with rain probability for delivery route planning";

describe("buildShortlist", () => {
  it.each(SEARCH_MODES)("mode %s returns at most 5 ranked matches in the documented shape", async (search) => {
    const query = search === "exact" ? "Isobar Weather" : OUTCOME;
    const s = await buildShortlist({ outcome: query, search });
    shortlistSchema.parse(s);
    expect(s.matches.length).toBeGreaterThan(0);
    expect(s.matches.length).toBeLessThanOrEqual(5);
    s.matches.forEach((m, i) => {
      matchSchema.strict().parse(m);
      expect(m.rank).toBe(i + 1);
      expect(m.fitReasons.length).toBeGreaterThan(0);
      expect(m.links.profile).toBe(`http://marketplace.test/services/${m.service.slug}`);
      for (const o of m.offers) expect(o.callUrl).toBe(`http://marketplace.test/api/x402/observe/${o.id}`);
    });
    expect(s.query).toMatchObject({ outcome: query, search, limit: 5, conditions: [] });
  });

  it("finds a service by its exact name, and despite a typo", async () => {
    expect((await buildShortlist({ outcome: "Isobar Weather", search: "exact" })).matches[0]!.service.slug).toBe(
      "isobar-weather",
    );
    expect((await buildShortlist({ outcome: "isobar wether", search: "exact" })).matches[0]!.service.slug).toBe(
      "isobar-weather",
    );
  });

  it("finds services by meaning in semantic mode", async () => {
    const s = await buildShortlist({ outcome: "will it rain on my route tomorrow afternoon", search: "semantic" });
    expect(s.matches.map((m) => m.service.primaryCapability)).toContain("maps-weather");
  });

  it("respects the limit bounds", async () => {
    expect((await buildShortlist({ outcome: OUTCOME, limit: 1 })).matches).toHaveLength(1);
    expect((await buildShortlist({ outcome: OUTCOME })).matches).toHaveLength(5);
    await expect(buildShortlist({ outcome: OUTCOME, limit: 0 })).rejects.toThrow();
    await expect(buildShortlist({ outcome: OUTCOME, limit: 6 })).rejects.toThrow();
  });

  it("is deterministic: the same input gives the same output", async () => {
    const input = {
      outcome: OUTCOME,
      conditions: ["SOC 2 Type II report", { requirement: "webhooks", priority: "prefer" as const }],
    };
    const a = await buildShortlist(input, new Date(0));
    const b = await buildShortlist(input, new Date(0));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  describe("constraints filter before ranking", () => {
    it("protocol", async () => {
      const s = await buildShortlist({ outcome: OUTCOME, constraints: { protocol: "mpp" } });
      expect(s.matches.length).toBeGreaterThan(0);
      const rows = await db.service.findMany({
        where: { id: { in: s.matches.map((m) => m.service.id) } },
        select: { protocols: true },
      });
      for (const r of rows) expect(r.protocols).toContain("mpp");
    });

    it.each([
      ["true", ["tested-output", "tested-no-output"]],
      ["output", ["tested-output"]],
      ["no-output", ["tested-no-output"]],
    ] as const)("tested=%s", async (tested, allowed) => {
      const s = await buildShortlist({ outcome: "web scraping and data extraction", constraints: { tested } });
      expect(s.matches.length).toBeGreaterThan(0);
      const rows = await db.service.findMany({
        where: { id: { in: s.matches.map((m) => m.service.id) } },
        select: { testStatus: true },
      });
      for (const r of rows) expect(allowed).toContain(r.testStatus);
    });

    it("maxPriceUsd: only offers within the price are listed, and every match has one", async () => {
      const s = await buildShortlist({
        outcome: "generate images from a text prompt",
        constraints: { maxPriceUsd: 0.01 },
      });
      expect(s.matches.length).toBeGreaterThan(0);
      for (const m of s.matches) {
        expect(m.offers.length).toBeGreaterThan(0);
        for (const o of m.offers) expect(Number(o.priceUsd)).toBeLessThanOrEqual(0.01);
      }
      expect((await buildShortlist({ outcome: OUTCOME, constraints: { maxPriceUsd: 0 } })).matches).toEqual([]);
    });

    it.each(["terms", "exact", "hybrid"] as const)(
      "maxPriceUsd above every price (up to 1e300) means no limit, search %s",
      async (search) => {
        const outcome = "generate images from a text prompt";
        const ids = async (maxPriceUsd?: number) =>
          (
            await buildShortlist({
              outcome,
              search,
              ...(maxPriceUsd === undefined ? {} : { constraints: { maxPriceUsd } }),
            })
          ).matches.map((m) => [m.service.id, m.offers.length]);
        const unlimited = await ids();
        for (const maxPriceUsd of [5000, 1e13, 1e15, 1e300]) expect(await ids(maxPriceUsd)).toEqual(unlimited);
      },
    );
  });

  describe("condition checks", () => {
    it("numbers unnamed conditions c1, c2 and keeps given ids", async () => {
      const s = await buildShortlist({
        outcome: OUTCOME,
        conditions: ["SOC 2", { id: "eu", requirement: "EU data residency", priority: "prefer" }, "webhooks"],
      });
      for (const m of s.matches)
        expect(m.conditions.map((c) => [c.id, c.priority])).toEqual([
          ["c1", "must"],
          ["eu", "prefer"],
          ["c3", "must"],
        ]);
    });

    it("keeps undocumented requirements unknown, without evidence", async () => {
      const s = await buildShortlist({
        outcome: OUTCOME,
        conditions: ["FedRAMP High authorization", "invoices payable in Swiss francs"],
      });
      expect(s.matches.length).toBe(5);
      for (const m of s.matches)
        for (const c of m.conditions)
          expect(c).toEqual({ id: c.id, requirement: c.requirement, priority: "must", status: "unknown" });
    });

    it("cites the fact that decides a check", async () => {
      const fact = await db.serviceFact.findFirstOrThrow({
        where: { key: "soc2", value: { equals: true } },
        select: { text: true, source: true, service: { select: { name: true } } },
      });
      const s = await buildShortlist({
        outcome: fact.service.name,
        search: "exact",
        conditions: ["SOC 2 Type II report"],
      });
      expect(s.matches[0]!.conditions[0]).toMatchObject({
        status: "met",
        evidence: { text: fact.text, source: fact.source },
      });
    });

    it("excludes a service whose must is unmet, keeps it when the condition is only preferred", async () => {
      const fact = await db.serviceFact.findFirstOrThrow({
        where: { key: "hipaa", value: { equals: false } },
        select: { service: { select: { name: true, slug: true } } },
      });
      const must = await buildShortlist({
        outcome: fact.service.name,
        search: "exact",
        conditions: ["HIPAA BAA available"],
      });
      expect(must.matches.map((m) => m.service.slug)).not.toContain(fact.service.slug);
      const prefer = await buildShortlist({
        outcome: fact.service.name,
        search: "exact",
        conditions: [{ requirement: "HIPAA BAA available", priority: "prefer" }],
      });
      const kept = prefer.matches.find((m) => m.service.slug === fact.service.slug);
      expect(kept?.conditions[0]?.status).toBe("unmet");
    });

    it("ranks services with an unknown must below those whose musts are met", async () => {
      const s = await buildShortlist({
        outcome: "web scraping and data extraction",
        search: "terms",
        conditions: ["SOC 2 Type II report"],
      });
      const statuses = s.matches.map((m) => m.conditions[0]!.status);
      expect(statuses).toContain("met");
      const firstUnknown = statuses.indexOf("unknown");
      if (firstUnknown >= 0) expect(statuses.slice(firstUnknown).every((x) => x === "unknown")).toBe(true);
    });

    it("a met preference raises the score in `all` mode", async () => {
      const base = await buildShortlist({ outcome: OUTCOME });
      const REQUIREMENTS = {
        soc2: "SOC 2 report",
        gdpr: "GDPR data processing agreement",
        webhooks: "webhooks",
        openapiSpec: "OpenAPI spec",
      };
      const fact = await db.serviceFact.findFirstOrThrow({
        where: {
          serviceId: { in: base.matches.map((m) => m.service.id) },
          key: { in: Object.keys(REQUIREMENTS) },
          value: { equals: true },
        },
        orderBy: [{ serviceId: "asc" }, { key: "asc" }],
        select: { key: true, serviceId: true },
      });
      const top = base.matches.find((m) => m.service.id === fact.serviceId)!;
      const requirement = REQUIREMENTS[fact.key as keyof typeof REQUIREMENTS];
      const withPrefer = await buildShortlist({ outcome: OUTCOME, conditions: [{ requirement, priority: "prefer" }] });
      const same = withPrefer.matches.find((m) => m.service.id === top.service.id)!;
      expect(same.conditions[0]!.status).toBe("met");
      expect(same.score).toBeGreaterThan(top.score);
    });
  });

  it("reports reputation facts from the reviews", async () => {
    const s = await buildShortlist({ outcome: "Isobar Weather", search: "exact" });
    const m = s.matches[0]!;
    const reviews = await db.review.findMany({
      where: { serviceId: m.service.id, status: "published" },
      select: { rating: true, humanReviewStatus: true },
    });
    expect(m.reputation.reviewCount).toBe(reviews.length);
    expect(m.reputation.humanReviewedCount).toBe(reviews.filter((r) => r.humanReviewStatus === "reviewed").length);
    if (reviews.length)
      expect(m.reputation.rating).toBeCloseTo(reviews.reduce((a, r) => a + r.rating, 0) / reviews.length, 1);
  });
});
