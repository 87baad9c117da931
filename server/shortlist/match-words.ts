// Words of a request that can show a fit: the outcome's words whose PostgreSQL lexeme is in at
// most a quarter of the catalog's services (the same rule as `terms` and the calibrated score).
// Stop words have no lexeme; domain-generic words ("agent", "api", "data", "service") are in
// more services than that, so the catalog's own document frequencies decide, with a short list of
// the trade's own words (relevance.ts) as a backstop.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { GENERIC_DOC_SHARE, genericLexemesSql } from "./relevance";

/** Lowercased words, a light plural stem (the same on both sides of a comparison). */
export function stemmedWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) =>
    w.length > 4 && w.endsWith("ies")
      ? `${w.slice(0, -3)}y`
      : w.length > 3 && w.endsWith("s") && !w.endsWith("ss")
        ? w.slice(0, -1)
        : w,
  );
}

/** The outcome's informative words, stemmed as by stemmedWords; numbers are never informative. */
export async function informativeWords(outcome: string): Promise<Set<string>> {
  const words = [
    ...new Set((outcome.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !/^\d+$/.test(w))),
  ].slice(0, 400);
  if (words.length === 0) return new Set();
  const rows = await sqlQuery<{ word: string }>(Prisma.sql`
    WITH n AS MATERIALIZED (SELECT greatest(documents, 1)::float8 AS docs FROM catalog_state WHERE id = 1)
    SELECT w AS word
    FROM unnest(${words}::text[]) AS w
    JOIN search_lexemes sl ON sl.lexeme = (tsvector_to_array(to_tsvector('english', w)))[1], n
    WHERE sl.ndoc <= ${GENERIC_DOC_SHARE}::float8 * n.docs AND sl.lexeme <> ALL (${genericLexemesSql})`);
  return new Set(rows.flatMap((r) => stemmedWords(r.word)));
}

/**
 * The outcome's words the catalog never uses (no service's text has their lexeme; stop words and
 * numbers left out), lowercased, in order: what the request asks for that nothing in the catalog
 * speaks of ("sms", "jingle"). Read only to explain an answer without a fit (nothing-fits.ts).
 */
export async function wordsUnknownToCatalog(outcome: string): Promise<string[]> {
  const words = [
    ...new Set((outcome.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !/^\d+$/.test(w))),
  ].slice(0, 400);
  if (words.length === 0) return [];
  const rows = await sqlQuery<{ word: string }>(Prisma.sql`
    SELECT w AS word
    FROM unnest(${words}::text[]) WITH ORDINALITY AS u(w, i)
    CROSS JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector('english', w)))[1] AS lexeme) l
    WHERE l.lexeme IS NOT NULL AND NOT EXISTS (SELECT 1 FROM search_lexemes sl WHERE sl.lexeme = l.lexeme)
    ORDER BY i`);
  return rows.map((r) => r.word);
}
