// The engine's measured quality must not drop below the committed baseline (figures from
// `npm run eval:shortlist`), and a check may never contradict its label or answer one labelled
// unknown.
import { describe, expect, it } from "vitest";
import baseline from "./baseline.json";
import { evaluateConditions, evaluateRanking } from "./evaluate";
import { SEARCH_MODES } from "../../server/shortlist/request-schema";

type Floors = { ndcg: number; mrr: number; recall: number; noFitMeanResults?: number };

describe("shortlist quality against the labelled set", () => {
  it("keeps nDCG@5, MRR, recall@5 and no-fit results of every mode at their baseline", async () => {
    const figures = await evaluateRanking();
    for (const mode of SEARCH_MODES) {
      const b = (baseline.ranking as Record<string, Floors>)[mode]!;
      const f = figures[mode].all;
      expect(f.ndcg, `${mode} nDCG@5`).toBeGreaterThanOrEqual(b.ndcg);
      expect(f.mrr, `${mode} MRR`).toBeGreaterThanOrEqual(b.mrr);
      expect(f.recall, `${mode} recall@5`).toBeGreaterThanOrEqual(b.recall);
      if (b.noFitMeanResults !== undefined)
        expect(f.noFitMeanResults, `${mode} results per no-fit request`).toBeLessThanOrEqual(b.noFitMeanResults);
    }
  }, 300_000);

  it("keeps the score calibrated: expected calibration error of the returned matches under its ceiling, dev and held-out", async () => {
    const figures = await evaluateRanking(["all", "hybrid"]);
    const ceilings = baseline.calibration as Record<"all" | "hybrid", Record<"dev" | "heldout", number>>;
    for (const mode of ["all", "hybrid"] as const)
      for (const subset of ["dev", "heldout"] as const) {
        const c = figures[mode][subset].calibration;
        expect(c.matches, `${mode} ${subset} matches`).toBeGreaterThan(100);
        expect(c.bins.reduce((n, b) => n + b.count, 0)).toBe(c.matches);
        expect(c.ece, `${mode} ${subset} ECE`).toBeLessThanOrEqual(ceilings[mode][subset]);
      }
  }, 300_000);

  it("never answers wrongly where it was tuned, answers no more wrongly on held-out labels, and stays as accurate", async () => {
    const figures = await evaluateConditions();
    const c = figures.all;
    const b = baseline.conditions as { accuracy: number; metAccuracy?: number; unmetAccuracy?: number };
    expect(c.checks).toBeGreaterThanOrEqual(100);
    // The part the rules were tuned on: no wrong known answer at all.
    expect(figures.dev.falseKnown).toBe(0);
    expect(figures.dev.contradictions).toBe(0);
    // The held-out part: today's wrong known answers are a ceiling that may only fall (target 0).
    expect(figures.heldout.contradictions).toBeLessThanOrEqual(baseline.heldout.contradictions);
    expect(figures.heldout.falseKnown).toBeLessThanOrEqual(baseline.heldout.falseKnown);
    expect(c.accuracy).toBeGreaterThanOrEqual(b.accuracy);
    if (b.metAccuracy !== undefined) expect(c.metAccuracy).toBeGreaterThanOrEqual(b.metAccuracy);
    if (b.unmetAccuracy !== undefined) expect(c.unmetAccuracy).toBeGreaterThanOrEqual(b.unmetAccuracy);
  }, 120_000);
});
