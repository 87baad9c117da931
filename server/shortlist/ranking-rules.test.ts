// Issue 12's ranking rules against the seeded catalog (real PostgreSQL, real embeddings): the
// relevance floor and "nothing fits", names first, fit reasons without stop or generic words,
// services excluded by an unmet must, the purchase link that fits the outcome, the price unit.
import { describe, expect, it } from "vitest";
import { buildShortlist } from "./build-shortlist";
import { calibratedScore, CALIBRATION, NOTHING_FITS_BELOW, RELEVANCE_FLOOR } from "./relevance";
import { priceUnitOf } from "./offer-fit";
import { shortlistSchema } from "./result-schema";

const TRANSCRIBE = "transcribe audio recordings into text with speaker diarization for my agent api";

describe("calibrated score and the relevance floor", () => {
  it("answers a request nothing in the catalog serves with no matches and a note pointing at the free search", async () => {
    for (const search of ["all", "hybrid"] as const) {
      const s = await buildShortlist({
        outcome: "Lattice QCD simulation of quark gluon plasma thermodynamics on supercomputers",
        search,
      });
      shortlistSchema.parse(s);
      expect(s.matches, search).toEqual([]);
      expect(s.note).toMatch(/Nothing in the catalog fits/);
      expect(s.note).toContain("http://marketplace.test/api/catalog/search");
    }
  });

  it("answers nothing fits when the only service that fits is excluded by an unmet must, and says which", async () => {
    const outcome =
      "Our factory in Sendai wants an automated signal a few seconds before strong earthquake shaking arrives, so the line can stop.";
    const conditions = [
      { id: "warn", requirement: "Must issue earthquake early warnings before the shaking reaches the site" },
    ];
    const free = await buildShortlist({ outcome, search: "hybrid" });
    expect(free.matches[0]!.service.slug).toBe("quakewatch-feed");
    for (const search of ["all", "hybrid"] as const) {
      const s = await buildShortlist({ outcome, conditions, search });
      expect(s.excluded, search).toContainEqual({ slug: "quakewatch-feed", unmet: ["warn"] });
      expect(s.matches, search).toEqual([]);
      expect(s.note).toMatch(/Nothing in the catalog fits/);
    }
  });

  it("does not scale the best hit to 1: a good fit and a weak best hit score differently", async () => {
    const good = await buildShortlist({ outcome: TRANSCRIBE, search: "hybrid" });
    const weak = await buildShortlist({ outcome: "Cortexa api pricing", search: "hybrid" });
    expect(good.matches[0]!.score).toBeGreaterThan(0.8);
    // The third hit of a vendor-name request is unrelated: low, but it is still the request's best after the named ones.
    expect(weak.matches[2]!.score).toBeLessThan(0.5);
    for (const m of [...good.matches, ...weak.matches]) expect(m.score).toBeGreaterThanOrEqual(RELEVANCE_FLOOR);
    expect(good.note).toBeUndefined();
  });

  it("is a probability: monotone in each feature, floor below the gate", () => {
    const base = { cos: 0.4, cov: 0.3, name: 0, rank: 0.5 };
    for (const k of ["cos", "cov", "name", "rank"] as const)
      expect(calibratedScore({ ...base, [k]: base[k] + 0.2 }, CALIBRATION)).toBeGreaterThan(
        calibratedScore(base, CALIBRATION),
      );
    expect(RELEVANCE_FLOOR).toBeLessThan(NOTHING_FITS_BELOW);
  });
});

describe("names", () => {
  it.each(["all", "hybrid"] as const)("a request naming a vendor ranks its services first (%s)", async (search) => {
    for (const [outcome, slugs] of [
      ["Cortexa api pricing", ["cortexa-batch", "cortexa-inference"]],
      ["Crawlwise pricing for agents", ["crawlwise-extract", "crawlwise-render"]],
      ["does Scribewell Transcribe handle Welsh?", ["scribewell-transcribe"]],
    ] as const) {
      const s = await buildShortlist({ outcome, search });
      expect(
        s.matches
          .slice(0, slugs.length)
          .map((m) => m.service.slug)
          .sort(),
        outcome,
      ).toEqual([...slugs]);
    }
  });
});

describe("fit reasons", () => {
  it("name matched concepts, never stop words or the trade's generic words", async () => {
    const s = await buildShortlist({ outcome: TRANSCRIBE, search: "all" });
    const top = s.matches[0]!;
    expect(top.service.slug).toBe("scribewell-transcribe");
    const reason = top.fitReasons.find((r) => r.startsWith("Matches"))!;
    expect(reason).toContain('"diarization"');
    for (const m of s.matches) {
      for (const word of ["into", "with", "for", "my", "agent", "api", "text"]) {
        expect(m.fitReasons.join(" | "), m.service.slug).not.toContain(`"${word}"`);
      }
    }
  });

  it("a request of generic words alone matches nothing", async () => {
    const s = await buildShortlist({ outcome: "an api service for my agent data", search: "terms" });
    for (const m of s.matches) expect(m.fitReasons.some((r) => r.startsWith("Matches"))).toBe(false);
  });
});

describe("excluded", () => {
  it("lists services removed by an unmet must with the ids of those conditions", async () => {
    const s = await buildShortlist({
      outcome: TRANSCRIBE,
      conditions: ["HIPAA BAA available", { id: "soc", requirement: "SOC 2 Type II report" }],
    });
    shortlistSchema.parse(s);
    const scribewell = s.excluded.find((e) => e.slug === "scribewell-transcribe");
    expect(scribewell).toBeDefined();
    expect(scribewell!.unmet.length).toBeGreaterThan(0);
    for (const e of s.excluded) for (const id of e.unmet) expect(["c1", "soc"]).toContain(id);
    expect(s.matches.map((m) => m.service.slug)).not.toContain("scribewell-transcribe");
  });

  it("is empty when no condition is unmet", async () => {
    expect((await buildShortlist({ outcome: TRANSCRIBE })).excluded).toEqual([]);
  });
});

describe("links and prices", () => {
  it("the purchase link points at the offer that does the job, not the cheapest (retrieve a transcript)", async () => {
    const s = await buildShortlist({ outcome: TRANSCRIBE, search: "hybrid" });
    const m = s.matches.find((x) => x.service.slug === "scribewell-transcribe")!;
    const purchased = m.offers.find((o) => o.callUrl === m.links.purchase)!;
    expect(purchased.path).toMatch(/^\/v1\/transcribe/);
    const cheapest = [...m.offers].sort((a, b) => Number(a.priceUsd) - Number(b.priceUsd))[0]!;
    expect(cheapest.path).toBe("/v1/transcripts");
    expect(purchased.id).not.toBe(cheapest.id);
  });

  it("offers say the price unit the record states", async () => {
    const s = await buildShortlist({ outcome: TRANSCRIBE, search: "hybrid" });
    const m = s.matches.find((x) => x.service.slug === "scribewell-transcribe")!;
    for (const o of m.offers) expect(o.priceUnit).toBe("audio minute");
  });

  it.each([
    ["Pricing is per audio minute; the listed price is for one minute.", "audio minute"],
    ["Pricing is per 10 minutes of audio; the listed price covers the first 10 minutes.", "10 minutes of audio"],
    ["Price is per megabyte and tracks the network's current storage fee.", "megabyte"],
    ["Lists available models with context length and price per 1K tokens.", undefined],
    ["Price depends on reasoning effort and never exceeds the listed price per request.", undefined],
  ])("price unit of %j is %j", (text, unit) => {
    expect(priceUnitOf([{ text }])).toBe(unit);
  });
});
