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

export async function retrieveTerms(
  query: string,
  constraints: SearchConstraints | undefined,
  depth = RETRIEVAL_DEPTH,
): Promise<Hit[]> {
  const filter = hasConstraints(constraints)
    ? Prisma.sql`JOIN services s ON s.id = t.service_id AND ${constraintSql(constraints)}`
    : Prisma.empty;
  const rows = await sqlQuery<{ id: string; score: number }>(Prisma.sql`
    WITH ${queryIdfCtes(query)}
    SELECT t.service_id AS id, sum(q.idf * t.tf)::float8 AS score
    FROM q JOIN service_terms t ON t.lexeme = q.lexeme
    ${filter}
    GROUP BY t.service_id
    ORDER BY score DESC, t.service_id ASC
    LIMIT ${depth}`);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
