// The engine's measured quality must not drop below the committed baseline
// (figures from `npm run eval:shortlist`), and no unknown check may ever be answered.
import { describe, expect, it } from "vitest";
import baseline from "./baseline.json";
import { evaluateConditions, evaluateRanking } from "./evaluate";
import { SEARCH_MODES } from "../../server/shortlist/request-schema";

describe("shortlist quality against the labelled set", () => {
  it("keeps nDCG@5, MRR and recall@5 of every mode at or above the baseline", async () => {
    const figures = await evaluateRanking();
    for (const mode of SEARCH_MODES) {
      const b = baseline.ranking[mode];
      expect(figures[mode].ndcg, `${mode} nDCG@5`).toBeGreaterThanOrEqual(b.ndcg);
      expect(figures[mode].mrr, `${mode} MRR`).toBeGreaterThanOrEqual(b.mrr);
      expect(figures[mode].recall, `${mode} recall@5`).toBeGreaterThanOrEqual(b.recall);
    }
  }, 300_000);

  it("never answers met or unmet for a check labelled unknown, and stays as accurate", async () => {
    const c = await evaluateConditions();
    expect(c.checks).toBeGreaterThanOrEqual(100);
    expect(c.falseKnownRate).toBe(0);
    expect(c.accuracy).toBeGreaterThanOrEqual(baseline.conditions.accuracy);
  });
});
