// Evidence sentences: the vendor-specific statements from the specs, each attributed to a
// plausible page on the vendor's site, plus a sentence from our own probe for tested services.
import type { SeedEvidence, SeedOffer, TestStatus } from "../types";
import { Rng, isoDate } from "./random";

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
  slug: string;
  website: string;
  docsUrl: string;
  serviceUrl: string;
  sentences: string[];
  offers: SeedOffer[];
  testStatus: TestStatus;
  testedAtMs: number | null;
}

export function buildEvidence(ctx: EvidenceContext): SeedEvidence[] {
  const rng = new Rng(`evidence:${ctx.slug}`);
  const out: SeedEvidence[] = ctx.sentences.map((text) => ({ text, source: pageFor(text, ctx.website, ctx.docsUrl) }));
  if (ctx.testedAtMs !== null && rng.chance(0.65)) {
    const offer = rng.pick(ctx.offers);
    const day = isoDate(ctx.testedAtMs);
    const where = `${offer.method} ${offer.path}`;
    const text =
      ctx.testStatus === "tested-output"
        ? rng.pick([
            `In our probe on ${day}, ${where} returned HTTP 200 with a ${rng.int(2, 48)} KB JSON body after an x402 payment of ${offer.priceUsd} USDC settled.`,
            `Our test call to ${where} on ${day} paid ${offer.priceUsd} USDC through x402 and received a complete, well-formed response.`,
          ])
        : rng.pick([
            `In our probe on ${day}, ${where} accepted an x402 payment of ${offer.priceUsd} USDC but returned an empty body.`,
            `Our test call to ${where} on ${day} settled payment but the response contained no usable output (HTTP ${rng.pick(["200", "500", "502"])}).`,
          ]);
    out.push({ text, source: `${ctx.serviceUrl}${offer.path}` });
  }
  return out;
}
