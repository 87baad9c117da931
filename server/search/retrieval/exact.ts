// `exact`: the service named by the request. Name or slug equal to the query, the name as a
// phrase inside the outcome (or the query inside the name), then trigram word similarity for typos.
// PostgreSQL scores only the candidates the in-memory name index finds (name-index.ts).
import { sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import type { SearchConstraints } from "../search-options";
import { constraintSql } from "./constraints";
import { getNameIndex, nameCandidates } from "./name-index";
import { RETRIEVAL_DEPTH, type Hit } from "./types";

const MIN_WORD_SIMILARITY = 0.5;

/** The name score of `exact`, and which names qualify at all (q: the trimmed, lowercased query). */
export function exactScoreSql(q: string): Prisma.Sql {
  return Prisma.sql`GREATEST(
        CASE WHEN lower(s.name) = ${q}::text OR s.slug = ${q}::text THEN 1.0 ELSE 0 END,
        CASE WHEN strpos(${q}::text, lower(s.name)) > 0 THEN 0.9 ELSE 0 END,
        CASE WHEN length(${q}::text) >= 4 AND strpos(lower(s.name), ${q}::text) > 0 THEN 0.8 ELSE 0 END,
        word_similarity(lower(s.name), ${q}::text) * 0.75
      )::float8`;
}

export function exactMatchSql(q: string): Prisma.Sql {
  return Prisma.sql`(lower(s.name) = ${q}::text OR s.slug = ${q}::text OR strpos(${q}::text, lower(s.name)) > 0
           OR (length(${q}::text) >= 4 AND strpos(lower(s.name), ${q}::text) > 0)
           OR word_similarity(lower(s.name), ${q}::text) >= ${MIN_WORD_SIMILARITY})`;
}

export async function retrieveExact(
  query: string,
  constraints: SearchConstraints | undefined,
  depth = RETRIEVAL_DEPTH,
): Promise<Hit[]> {
  const q = query.trim().toLowerCase();
  // Only the names that can qualify are scored (name-index.ts): the same answers without a scan.
  const candidates = nameCandidates(await getNameIndex(), q);
  if (candidates.length === 0) return [];
  const rows = await sqlQuery<{ id: string; score: number }>(Prisma.sql`
    SELECT s.id, ${exactScoreSql(q)} AS score
    FROM services s
    WHERE s.id = ANY(${candidates}::text[]) AND ${exactMatchSql(q)} AND ${constraintSql(constraints)}
    ORDER BY score DESC, s.id ASC
    LIMIT ${depth}`);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
