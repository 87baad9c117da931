// `terms`: keyword relevance in PostgreSQL, BM25 over postings (service_terms) built from the
// weighted search documents: the query's lexemes are OR-ed (any may match), each weighted by its
// inverse document frequency; lexemes found in more than a quarter of the services ("api",
// "data") carry no signal and are left out. Ties break on id.
import { sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import type { SearchConstraints } from "../search-options";
import { constraintSql, hasConstraints } from "./constraints";
import { RETRIEVAL_DEPTH, type Hit } from "./types";

/** Lexemes in more than this share of the services carry no signal (also the shortlist's
 * "generic word" bound, server/shortlist/relevance.ts). */
export const MAX_DOC_SHARE = 0.25;

/**
 * The CTEs `n` (document count) and `q` (the query's informative lexemes with their BM25 idf),
 * shared by the retriever and the shortlist's coverage feature; `exclude` drops more lexemes.
 */
export function queryIdfCtes(query: string, exclude: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    n AS MATERIALIZED (SELECT greatest(documents, 1)::float8 AS docs FROM catalog_state WHERE id = 1),
    q AS MATERIALIZED (
      SELECT l.lexeme, ln(1 + (n.docs - sl.ndoc + 0.5) / (sl.ndoc + 0.5)) AS idf
      FROM (SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english', ${query}::text))) AS lexeme) l
      JOIN search_lexemes sl ON sl.lexeme = l.lexeme, n
      WHERE sl.ndoc <= ${MAX_DOC_SHARE}::float8 * n.docs ${exclude}
    )`;
}

// Each query lexeme contributes only its POSTINGS_PER_LEXEME strongest postings (highest tf, read
// in that order from an index; impact-ordered early termination). Where no lexeme has more
// postings than that (every lexeme of the seeded catalog) the scores are exactly BM25's; in a
// larger catalog a service's weak postings of a very common lexeme may be left out of its score,
// and the rows aggregated per query stay bounded (at 100,000 services, six lexemes read 55,000
// postings in 40 ms without the cut; see `npm run bench:shortlist`). Constraints filter after the
// cut, so a constrained query reads deeper lists.
export const POSTINGS_PER_LEXEME = 2000;
const postingsPerLexeme = (c: SearchConstraints | undefined) =>
  hasConstraints(c) ? POSTINGS_PER_LEXEME * 10 : POSTINGS_PER_LEXEME;

export async function retrieveTerms(
  query: string,
  constraints: SearchConstraints | undefined,
  depth = RETRIEVAL_DEPTH,
  perLexeme = postingsPerLexeme(constraints),
): Promise<Hit[]> {
  const filter = hasConstraints(constraints)
    ? Prisma.sql`JOIN services s ON s.id = t.service_id AND ${constraintSql(constraints)}`
    : Prisma.empty;
  const rows = await sqlQuery<{ id: string; score: number }>(Prisma.sql`
    WITH ${queryIdfCtes(query)}
    SELECT t.service_id AS id, sum(q.idf * t.tf)::float8 AS score
    FROM q CROSS JOIN LATERAL (
      SELECT p.service_id, p.tf FROM service_terms p WHERE p.lexeme = q.lexeme
      ORDER BY p.tf DESC, p.service_id ASC LIMIT ${perLexeme}
    ) t
    ${filter}
    GROUP BY t.service_id
    ORDER BY score DESC, t.service_id ASC
    LIMIT ${depth}`);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
