// One entry point for the five search modes of decisions.md §4. `all` retrieves like `hybrid`;
// condition fit and reputation are added when the shortlist is ranked.
import type { SearchMode, ShortlistConstraints } from "../request-schema";
import { allowedServices } from "./constraints";
import { retrieveExact } from "./exact";
import { reciprocalRankFusion } from "./fuse";
import { retrieveSemantic } from "./semantic";
import { retrieveTerms } from "./terms";
import type { Hit } from "./types";

export async function retrieve(mode: SearchMode, query: string, constraints: ShortlistConstraints | undefined): Promise<Hit[]> {
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
      return reciprocalRankFusion([terms, semantic]);
    }
  }
}
