// Candidates for `exact` from the service names held in memory. Exact looks for the name inside
// the request (strpos(q, name), word_similarity(name, q)): the name is the needle and the request
// the haystack, the direction pg_trgm's GIN/GiST indexes cannot serve (they find a query inside a
// column), so PostgreSQL scored every name of the catalog (365 ms at 100,000 services). Here one
// pass over the lowercased names finds every name that can qualify, and PostgreSQL scores only
// those with the unchanged expression, so the answers stay the same:
// - a name equal to, inside, or containing the request: plain string tests;
// - a name whose word similarity to the request can reach 0.5: at least half of the name's
//   trigrams (pg_trgm's: words of letters and digits, padded "  w" … "d ") occur in the request.
//   Word similarity is the best share of the name's trigrams found in one stretch of the request,
//   so it never exceeds the share found anywhere; a lower bar (CANDIDATE_SHARE) absorbs trigram
//   differences between this code and the database's locale.
// Reloaded when the catalog version changes, as the vector index is.
import { sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { catalogVersion } from "../catalog-version-cache";

export interface NameIndex {
  version: number;
  ids: string[];
  names: string[]; // lower(name), as PostgreSQL lowercases it
  slugs: string[];
  trigramCount: Uint16Array; // distinct trigrams per name
  postings: Map<string, Int32Array>; // trigram -> rows whose name has it
}

const CANDIDATE_SHARE = 0.4;
const WORD = /[\p{L}\p{N}]+/gu;

/** pg_trgm's trigram set of a lowercased text. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const [word] of text.matchAll(WORD)) {
    const padded = [" ", " ", ...word, " "];
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded[i]! + padded[i + 1]! + padded[i + 2]!);
  }
  return out;
}

export async function loadNameIndex(version: number): Promise<NameIndex> {
  const rows = await sqlQuery<{ id: string; name: string; slug: string }>(
    Prisma.sql`SELECT id, lower(name) AS name, slug FROM services ORDER BY id`,
  );
  const lists = new Map<string, number[]>();
  const trigramCount = new Uint16Array(rows.length);
  rows.forEach((r, row) => {
    const set = trigrams(r.name);
    trigramCount[row] = Math.min(set.size, 65535);
    for (const t of set) {
      let list = lists.get(t);
      if (!list) lists.set(t, (list = []));
      list.push(row);
    }
  });
  const postings = new Map<string, Int32Array>();
  for (const [t, list] of lists) postings.set(t, Int32Array.from(list));
  return {
    version,
    ids: rows.map((r) => r.id),
    names: rows.map((r) => r.name),
    slugs: rows.map((r) => r.slug),
    trigramCount,
    postings,
  };
}

/** Ids of the services whose name or slug can satisfy exact's conditions for the query q
 * (already trimmed and lowercased): a superset, scored by PostgreSQL. */
export function nameCandidates(index: NameIndex, q: string): string[] {
  const { names, slugs, ids, trigramCount, postings } = index;
  const out = new Set<number>();
  const inName = q.length >= 4;
  for (let row = 0; row < names.length; row++) {
    const name = names[row]!;
    if (slugs[row] === q || q.includes(name) || (inName && name.includes(q))) out.add(row);
  }
  const counts = new Uint16Array(names.length);
  const touched: number[] = [];
  for (const t of trigrams(q)) {
    const list = postings.get(t);
    if (!list) continue;
    for (let i = 0; i < list.length; i++) {
      const row = list[i]!;
      if (counts[row] === 0) touched.push(row);
      counts[row]!++;
    }
  }
  for (const row of touched) if (counts[row]! >= CANDIDATE_SHARE * trigramCount[row]!) out.add(row);
  return [...out].map((row) => ids[row]!);
}

let current: NameIndex | undefined;
let loading: Promise<NameIndex> | undefined;

export async function getNameIndex(): Promise<NameIndex> {
  const version = await catalogVersion();
  if (current?.version === version) return current;
  loading ??= loadNameIndex(version).finally(() => (loading = undefined));
  current = await loading;
  return current;
}
