// One entry point for the five search modes of decisions.md §4. `all` retrieves like `hybrid`;
// condition fit and reputation are added when the shortlist is ranked.
import type { SearchConstraints, SearchMode } from "../search-options";
import { allowedServices } from "./constraints";
import { retrieveExact } from "./exact";
import { reciprocalRankFusion } from "./fuse";
import { retrieveSemantic } from "./semantic";
import { retrieveTerms } from "./terms";
import type { Hit } from "./types";

// Keyword evidence counts 2.5 times a semantic neighbour in the fusion. Chosen on the labelled set
// (hybrid nDCG@5 with BM25 terms: weight 1.5 -> 0.838, 2 -> 0.848, 2.5 -> 0.852, 3 -> 0.853; with
// equal weights the earlier ts_rank terms gave 0.818, and the gain held on both halves of the set).
export const TERMS_WEIGHT = 2.5;

export async function retrieve(mode: SearchMode, query: string, constraints: SearchConstraints | undefined): Promise<Hit[]> {
  switch (mode) {
    case "exact":
      return retrieveExact(query, constraints);
    case "terms":
      return retrieveTerms(query, constraints);
    case "semantic":
      return retrieveSemantic(query, await allowedServices(constraints));
    case "hybrid":
    case "all": {
      // The terms query runs in PostgreSQL while this process embeds the query.
      const [terms, semantic] = await Promise.all([
        retrieveTerms(query, constraints),
        allowedServices(constraints).then((allowed) => retrieveSemantic(query, allowed)),
      ]);
      return reciprocalRankFusion([
        { hits: terms, weight: TERMS_WEIGHT },
        { hits: semantic, weight: 1 },
      ]);
    }
  }
}
