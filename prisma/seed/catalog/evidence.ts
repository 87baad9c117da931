// Evidence sentences: the vendor-specific statements from the specs, each attributed to a
// plausible page on the vendor's site. (What the marketplace's own tests found is no evidence the
// seed writes: those tests run at seed time and write their review, server/marketplace-tests/.)
import type { SeedEvidence } from "../types";

const PAGE_RULES: readonly (readonly [RegExp, string, "site" | "docs"])[] = [
  [/planned|roadmap|not yet|coming/i, "/changelog", "site"],
  [/price|priced|pricing|charged|cost|license allows|licensed/i, "/pricing", "site"],
  [
    /legal advice|medical advice|not approved|advisory|must not be used|should be confirmed|must be reviewed|does not constitute/i,
    "/legal/terms",
    "site",
  ],
  [/cache|cached/i, "caching", "docs"],
  [/batch|bulk/i, "batch", "docs"],
  [/language|languages|english|multilingual/i, "languages", "docs"],
  [/format|json|csv|parquet|png|mp3|wav|markdown|srt|svg|webp|avif|pdf/i, "formats", "docs"],
  [/limit|limited|maximum|at most|up to|larger than|longer than|capped|truncated|rejected|timeout/i, "limits", "docs"],
  [/accuracy|error|confidence|score|estimate/i, "accuracy", "docs"],
  [/cover|coverage|countries|available for|regions|catalog|index|library/i, "coverage", "docs"],
  [/deleted|stored|kept|retain|never leaves|processed in memory/i, "/privacy", "site"],
];

function pageFor(text: string, website: string, docsUrl: string): string {
  for (const [pattern, page, where] of PAGE_RULES) {
    if (pattern.test(text)) return where === "site" ? `${website}${page}` : `${docsUrl}/${page}`;
  }
  return `${docsUrl}/overview`;
}

export interface EvidenceContext {
  website: string;
  docsUrl: string;
  sentences: string[];
}

export function buildEvidence(ctx: EvidenceContext): SeedEvidence[] {
  return ctx.sentences.map((text) => ({ text, source: pageFor(text, ctx.website, ctx.docsUrl) }));
}
