// `terms` reads each query lexeme's strongest postings only (POSTINGS_PER_LEXEME): on a catalog
// where no lexeme has more postings than that, the ranking is exactly BM25 over every posting; with
// a smaller cut, only services among some lexeme's strongest postings can be returned.
import { describe, expect, it } from "vitest";
import { sqlQuery } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { POSTINGS_PER_LEXEME, queryIdfCtes, retrieveTerms } from "./terms";

const QUERIES = [
  "hourly weather forecasts for delivery route planning",
  "translate product descriptions into German and French",
  "extract text and tables from scanned PDF invoices",
  "screen companies against sanctions lists",
];

/** BM25 over every posting of the query's lexemes (the retrieval before the cut). */
async function fullBm25(query: string, depth: number) {
  const rows = await sqlQuery<{ id: string; score: number }>(Prisma.sql`
    WITH ${queryIdfCtes(query)}
    SELECT t.service_id AS id, sum(q.idf * t.tf)::float8 AS score
    FROM q JOIN service_terms t ON t.lexeme = q.lexeme
    GROUP BY t.service_id ORDER BY score DESC, t.service_id ASC LIMIT ${depth}`);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

describe("retrieveTerms", () => {
  it("equals BM25 over every posting where no lexeme has more postings than the cut", async () => {
    const [row] = await sqlQuery<{ most: number }>(
      Prisma.sql`SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM service_terms GROUP BY lexeme) c`,
    );
    expect(row!.most).toBeLessThanOrEqual(POSTINGS_PER_LEXEME);
    for (const q of QUERIES) {
      const [cut, full] = await Promise.all([retrieveTerms(q, undefined, 60), fullBm25(q, 60)]);
      expect(cut.length).toBeGreaterThan(0);
      expect(cut.map((h) => h.id)).toEqual(full.map((h) => h.id));
      cut.forEach((h, i) => expect(h.score).toBeCloseTo(full[i]!.score, 5));
    }
  });

  it("with a cut of one posting per lexeme, returns only each lexeme's strongest service", async () => {
    const q = QUERIES[0]!;
    const tops = await sqlQuery<{ id: string }>(Prisma.sql`
      WITH ${queryIdfCtes(q)}
      SELECT t.service_id AS id FROM q CROSS JOIN LATERAL (
        SELECT service_id FROM service_terms p WHERE p.lexeme = q.lexeme ORDER BY p.tf DESC, p.service_id LIMIT 1) t`);
    const hits = await retrieveTerms(q, undefined, 60, 1);
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.id))).toEqual(new Set(tops.map((r) => r.id)));
    expect(hits.length).toBeLessThan((await fullBm25(q, 60)).length);
  });
});
