// `exact` scores only the names the in-memory name index proposes; its answers must equal those
// of the full scan it replaced (the same score and match expressions over every service), on fixed inputs built
// from the seeded catalog: names, slugs, typos, names inside sentences, fragments, eval outcomes.
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { EVAL_QUERIES } from "../../../scripts/eval-shortlist/labels/queries";
import type { SearchConstraints } from "../search-options";
import { constraintSql } from "./constraints";
import { exactMatchSql, exactScoreSql, retrieveExact } from "./exact";
import { trigrams } from "./name-index";
import { RETRIEVAL_DEPTH } from "./types";

async function fullScan(query: string, constraints: SearchConstraints | undefined) {
  const q = query.trim().toLowerCase();
  const rows = await sqlQuery<{ id: string; score: number }>(Prisma.sql`
    SELECT s.id, ${exactScoreSql(q)} AS score
    FROM services s
    WHERE ${exactMatchSql(q)} AND ${constraintSql(constraints)}
    ORDER BY score DESC, s.id ASC
    LIMIT ${RETRIEVAL_DEPTH}`);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

// A typo: the middle letter of the longest word swapped with its neighbour.
function typo(name: string): string {
  const words = name.split(" ");
  const i = words.reduce((best, w, j) => (w.length > words[best]!.length ? j : best), 0);
  const w = words[i]!;
  const m = Math.floor(w.length / 2);
  words[i] = w.length > 3 ? w.slice(0, m - 1) + w[m] + w[m - 1] + w.slice(m + 1) : w;
  return words.join(" ");
}

let queries: string[] = [];

beforeAll(async () => {
  const services = await db.service.findMany({
    select: { name: true, slug: true, entityName: true },
    orderBy: { id: "asc" },
  });
  const outcomes = EVAL_QUERIES.map((q) => q.request.outcome);
  queries = [
    ...services.flatMap((s, i) =>
      i % 3 === 0
        ? [
            s.name,
            s.slug,
            s.name.toUpperCase(),
            typo(s.name),
            `I need ${s.name} for invoices`,
            s.name.slice(0, Math.max(4, Math.floor(s.name.length / 2))),
            `${s.entityName} api pricing`,
          ]
        : [],
    ),
    ...outcomes,
    ...outcomes.map((o) => o.split(" ").slice(0, 3).join(" ")),
    "a",
    "ab",
    "api",
    "data",
    "",
    "   ",
    "🦊🦊",
    "Übersetzung naïve café",
    "x".repeat(300),
  ];
});

describe("exact via the name index", () => {
  it("answers like the full scan on names, slugs, typos, fragments and outcomes", async () => {
    expect(queries.length).toBeGreaterThan(400);
    let nonEmpty = 0;
    for (const q of queries) {
      const [got, want] = await Promise.all([retrieveExact(q, undefined), fullScan(q, undefined)]);
      expect(got, q).toEqual(want);
      if (want.length) nonEmpty++;
    }
    // The inputs exercise the matching clauses, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(200);
  }, 120_000);

  it("answers like the full scan under constraints", async () => {
    const constraints: SearchConstraints[] = [{ tested: "true" }, { protocol: "mpp" }, { maxPriceUsd: 0.001 }];
    for (const c of constraints) {
      for (const q of queries.filter((_, i) => i % 7 === 0))
        expect(await retrieveExact(q, c), `${q} ${JSON.stringify(c)}`).toEqual(await fullScan(q, c));
    }
  }, 120_000);

  it("sees a renamed service once the catalog version moves", async () => {
    const target = await db.service.findFirstOrThrow({ select: { id: true }, orderBy: { id: "asc" } });
    await retrieveExact("warm", undefined);
    await db.service.update({ where: { id: target.id }, data: { name: "Zyxwvut Transcriber" } });
    await db.catalogState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
    await new Promise((r) => setTimeout(r, 1100)); // past the index's re-check interval
    const hits = await retrieveExact("zyxwvut transcriber", undefined);
    expect(hits[0]).toEqual({ id: target.id, score: 1 });
  });
});

describe("trigrams", () => {
  it("pads each word as pg_trgm does", async () => {
    for (const text of ["word", "two words", "a", "hello, world-wide 42"]) {
      const [row] = await sqlQuery<{ t: string[] }>(Prisma.sql`SELECT show_trgm(${text}::text) AS t`);
      expect([...trigrams(text)].sort(), text).toEqual([...row!.t].sort());
    }
  });
});
