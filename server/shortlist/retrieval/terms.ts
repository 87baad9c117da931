// `terms`: keyword relevance in PostgreSQL. The query's lexemes, less those most services contain,
// are OR-ed (any word may match) and ranked with ts_rank over the weighted document (name A,
// description/tags B, offers and evidence C; ts_rank_cd's cover density cost four times as much
// per row at 10,000 services); ties break on id.
import { db } from "../../db";
import type { ShortlistConstraints } from "../request-schema";
import { constraintSql } from "./constraints";
import { RETRIEVAL_DEPTH, type Hit } from "./types";

// Weights for D, C, B, A; normalization 1 divides by 1 + log(document length).
const WEIGHTS = "{0.05, 0.25, 0.5, 1.0}";
// Lexemes found in more than this share of services carry no signal and are left out of the query.
const MAX_DOC_SHARE = 0.25;

export async function retrieveTerms(query: string, constraints: ShortlistConstraints | undefined, depth = RETRIEVAL_DEPTH): Promise<Hit[]> {
  const rows = await db.$queryRaw<{ id: string; score: number }[]>`
    WITH lexemes AS MATERIALIZED (
      SELECT DISTINCT l.lexeme FROM unnest(tsvector_to_array(to_tsvector('english', ${query}))) AS l(lexeme)
      LEFT JOIN search_lexemes s ON s.lexeme = l.lexeme
      WHERE coalesce(s.ndoc, 0) <= ${MAX_DOC_SHARE}::float8 * (SELECT count(*) FROM services)
    ),
    q AS MATERIALIZED (SELECT (SELECT string_agg(quote_literal(lexeme), ' | ' ORDER BY lexeme) FROM lexemes)::tsquery AS query)
    SELECT s.id, ts_rank(${WEIGHTS}::float4[], s.search_document, q.query, 1)::float8 AS score
    FROM services s, q
    WHERE q.query IS NOT NULL AND s.search_document @@ q.query AND ${constraintSql(constraints)}
    ORDER BY score DESC, s.id ASC
    LIMIT ${depth}`;
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
