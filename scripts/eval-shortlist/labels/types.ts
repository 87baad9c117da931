// The shapes of the labelled set. Labels are written from the catalog data alone (the seed
// catalog's descriptions, tags, offers, facts, evidence sentences and test status), by someone
// who has not seen the engine's answers.

/** A requirement checked against one service. */
export interface EvalConditionCheck {
  id: string; // unique across all label files
  serviceSlug: string;
  requirement: string; // 1..240 chars, phrased as a buyer would write a condition
  // met / unmet only when a structured fact, an evidence sentence, an offer or the test status of
  // that service settles it; otherwise unknown.
  expected: "met" | "unmet" | "unknown";
  basis: string; // the fact key, the exact sentence, the offer or "testStatus" that decides it, or "not documented"
  // What the label exercises (second pass onwards): a paraphrase of an evidence sentence, a
  // negated sentence or requirement, a number compared, the test status, an offer price, a fact.
  kind?: "paraphrase" | "negation" | "quantity" | "test-status" | "price" | "fact";
  // heldout: never used to tune the engine; reported apart.
  split?: "dev" | "heldout";
}

/** A buyer request with graded relevance. */
export interface EvalQuery {
  id: string;
  request: {
    outcome: string; // 8..2400 chars, a realistic buyer request in natural language
    conditions?: (string | { id?: string; requirement: string; priority?: "must" | "prefer" })[]; // ≤ 12, each 1..240 chars
    constraints?: { protocol?: "mpp" | "x402"; tested?: "true" | "output" | "no-output"; maxPriceUsd?: number };
  };
  relevance: Record<string, 1 | 2>; // service slug -> grade; every service not listed is grade 0. Empty for a no-fit request.
  // fit: something in the catalog serves it; no-fit: nothing does (absent capability, or the only
  // candidates fail a must or the price cap); vendor-name: the request names a vendor or service.
  kind?: "fit" | "no-fit" | "vendor-name";
  split?: "dev" | "heldout";
}
