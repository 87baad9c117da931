// A calibrated relevance score (issue 12, item 2): the estimated probability that a retrieved
// service serves the request, the same scale on every request and in every mode but `exact`. A
// logistic model over absolute per-hit features, none divided by the request's best hit:
// - cos: cosine of the query and service embeddings (semantic);
// - cov: the share of the query's informative words the service's text holds, each weighted by
//   its idf; informative = in at most a quarter of the services, as in `terms`, so domain-generic
//   words ("agent", "api", "data", "service") never count, on their own or at all;
// - rank: 1 / position in the retriever's order: where the fused evidence puts it among the rest
//   (the only relative feature; alone it cannot lift a poor best hit over the floor);
// - name: the request names the service (1 full name / slug / company, 0.8 a brand first word).
// Coefficients are fitted on the labelled dev requests by scripts/eval-shortlist/calibrate.ts
// (figures there); the relevance floor is chosen on the same data.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { MAX_DOC_SHARE, queryIdfCtes } from "../search/retrieval/terms";
import type { Hit } from "../search/retrieval/types";

export const GENERIC_DOC_SHARE = MAX_DOC_SHARE;
// Words of this marketplace's own trade that say nothing about what a service does, even where the
// catalog's document frequency alone does not flag them (a catalog where "api" sits in fewer than a
// quarter of the texts, because most say "endpoint"): never a match on their own.
export const DOMAIN_GENERIC_WORDS = [
  "agent",
  "agents",
  "api",
  "apis",
  "data",
  "service",
  "services",
  "endpoint",
  "endpoints",
  "vendor",
  "provider",
  "pricing",
  "price",
  "prices",
  "cost",
  "request",
  "requests",
  "call",
  "calls",
  "app",
  "tool",
  "platform",
];
export const genericLexemesSql = Prisma.sql`tsvector_to_array(to_tsvector('english', ${DOMAIN_GENERIC_WORDS.join(" ")}::text))`;

export interface RelevanceFeatures {
  cos: number;
  cov: number;
  name: number;
  rank: number; // 1 / position in the retriever's order (1 for the first hit)
}

// Fitted by scripts/eval-shortlist/calibrate.ts on the dev requests of label sets up to D (issue 26;
// 7059 rows from 177 dev requests, log loss 0.101). `npm run eval:shortlist` prints how well the
// returned matches' scores are calibrated, dev and held-out apart (docs/decisions.md).
export const CALIBRATION = { bias: -6.921, cos: 4.984, cov: 4.166, name: 1.116, rank: 3.57 };
// `terms` mode has no cosine: the same fit without it.
export const CALIBRATION_NO_COSINE = { bias: -4.879, cos: 0, cov: 4.307, name: 1.159, rank: 4.451 };
// Below this probability a service is not returned. Chosen on the labelled dev requests as the
// highest floor with no drop in recall@5 against the engine without one (dev, all mode: floor
// 0.02 -> nDCG@5 0.854, MRR 0.948, recall@5 0.757, 4.7 results per no-fit request; 0.03 -> hybrid
// recall 0.744 < 0.747 without a floor; 0.05 -> recall 0.722, 3.1 per no-fit; 0.15 -> 0.645, 1.4).
export const RELEVANCE_FLOOR = 0.02;
// When even the best retrieved service is below this probability, nothing in the catalog fits:
// the answer is empty. Chosen on the dev requests as the highest gate that empties no request
// something fits (refit of issue 26: 0.35 empties none and lets 23 of 25 no-fit requests through;
// 0.4 empties 2 of 152, 0.5 empties 7 and lets 16 through): on this catalog the no-fit requests'
// best hits look like real fits to these features, so the gate mostly catches requests far from
// the whole catalog; `nothingFits` says when no match is likely to serve (nothing-fits.ts).
export const NOTHING_FITS_BELOW = 0.35;

export function calibratedScore(f: RelevanceFeatures, c = CALIBRATION): number {
  const z = c.bias + c.cos * f.cos + c.cov * f.cov + c.name * f.name + c.rank * f.rank;
  return 1 / (1 + Math.exp(-z));
}

/** idf-weighted share of the query's informative lexemes found in each service's terms. */
export async function queryCoverage(query: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await sqlQuery<{ id: string | null; found: number; total: number }>(Prisma.sql`
    WITH ${queryIdfCtes(query, Prisma.sql`AND l.lexeme <> ALL (${genericLexemesSql})`)},
    total AS (SELECT coalesce(sum(idf), 0)::float8 AS total FROM q)
    SELECT t.service_id AS id, sum(q.idf)::float8 AS found, (SELECT total FROM total) AS total
    FROM q JOIN service_terms t ON t.lexeme = q.lexeme AND t.service_id = ANY(${ids}::text[])
    GROUP BY t.service_id`);
  return new Map(rows.map((r) => [r.id!, r.total > 0 ? Number(r.found) / Number(r.total) : 0]));
}

export function featuresOf(hit: Hit, position: number, coverage: Map<string, number>): RelevanceFeatures {
  return { cos: hit.semantic ?? 0, cov: coverage.get(hit.id) ?? 0, name: hit.name ?? 0, rank: 1 / (position + 1) };
}
