// One entry point for the five search modes of decisions.md §4. `all` retrieves like `hybrid`;
// condition fit and reputation are added when the shortlist is ranked.
import type { SearchConstraints, SearchMode } from "../search-options";
import { withoutUnlisted } from "../unlisted-services";
import { allowedServices } from "./constraints";
import { retrieveExact } from "./exact";
import { reciprocalRankFusion, withFeatures } from "./fuse";
import { retrieveNameMentions } from "./name-mentions";
import { retrieveSemantic } from "./semantic";
import { retrieveTerms } from "./terms";
import type { Hit } from "./types";

// Keyword evidence counts 2.5 times a semantic neighbour in the fusion. Chosen on the labelled set
// (hybrid nDCG@5 with BM25 terms: weight 1.5 -> 0.838, 2 -> 0.848, 2.5 -> 0.852, 3 -> 0.853; with
// equal weights the earlier ts_rank terms gave 0.818, and the gain held on both halves of the set).
export const TERMS_WEIGHT = 2.5;

export async function retrieve(
  mode: SearchMode,
  query: string,
  constraints: SearchConstraints | undefined,
): Promise<Hit[]> {
  // Paused and withdrawn listings are found by no mode (unlisted-services.ts).
  return withoutUnlisted(await retrieveAny(mode, query, constraints));
}

async function retrieveAny(
  mode: SearchMode,
  query: string,
  constraints: SearchConstraints | undefined,
): Promise<Hit[]> {
  switch (mode) {
    case "exact":
      return retrieveExact(query, constraints);
    case "terms":
      return (await retrieveTerms(query, constraints)).map((h) => ({ ...h, terms: h.score }));
    case "semantic":
      return (await retrieveSemantic(query, await allowedServices(constraints))).map((h) => ({
        ...h,
        semantic: h.score,
      }));
    case "hybrid":
    case "all": {
      // The terms query runs in PostgreSQL while this process embeds the query.
      const allowed = allowedServices(constraints);
      const [terms, semantic, named] = await Promise.all([
        retrieveTerms(query, constraints),
        allowed.then((a) => retrieveSemantic(query, a)),
        allowed.then((a) => retrieveNameMentions(query, a)),
      ]);
      const fused = reciprocalRankFusion([
        { hits: terms, weight: TERMS_WEIGHT },
        { hits: semantic, weight: 1 },
      ]);
      // A service the request names comes first (issue 12, item 3), strongest name first, then
      // the fused order; its other features are kept for calibration.
      return withFeatures(fused, { terms, semantic, named });
    }
  }
}
