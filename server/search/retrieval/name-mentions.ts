// Services a request names (issue 12, item 3): "Pixelforge image generation pricing" names
// Pixelforge. A name counts when the outcome holds the service's full name, its slug, its
// company's name, or the name's first word when that word is a brand: distinctive in the catalog
// (its lexeme is in the texts of hardly more services than the ones it names), so "Quarry" in
// "quarry survey data" does not name "Quarry PDF" if quarries are a catalog topic. Held in memory
// per process, reloaded when the catalog version changes (like the vector index); matching is a
// few Map lookups per outcome word, whatever the catalog size.
import { sqlQuery } from "../../db";
import { catalogVersionCache } from "../catalog-version-cache";
import { Prisma } from "../../generated/prisma/client";
import type { Allowed, Hit } from "./types";

/** Name strength: full name, slug or company name = 1; a brand first word = 0.8. */
export const FULL_NAME = 1;
export const BRAND_WORD = 0.8;
const MIN_BRAND_LENGTH = 4;
// A brand word may appear in the texts of this many services beyond the ones it names.
const BRAND_SLACK = 1;

interface NameIndex {
  version: number;
  /** phrase (lowercased words joined by one space) -> services, strength */
  phrases: Map<string, { ids: string[]; strength: number }>;
  longest: number; // words in the longest phrase
}

/** Lowercased words (letters and digits), as names and outcomes are compared. */
export const nameWords = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKC")
    .match(/[\p{L}\p{N}]+/gu) ?? [];

async function load(version: number): Promise<NameIndex> {
  const rows = await sqlQuery<{ id: string; name: string; slug: string; entity_name: string }>(
    Prisma.sql`SELECT id, name, slug, entity_name FROM services ORDER BY id`,
  );
  const phrases = new Map<string, { ids: string[]; strength: number }>();
  const add = (words: string[], id: string, strength: number) => {
    if (words.length === 0 || words.join("").length < MIN_BRAND_LENGTH) return;
    const key = words.join(" ");
    const entry = phrases.get(key);
    if (!entry) phrases.set(key, { ids: [id], strength });
    else if (entry.strength === strength && !entry.ids.includes(id)) entry.ids.push(id);
    else if (strength > entry.strength) phrases.set(key, { ids: [id], strength });
  };
  const firstWords = new Map<string, string[]>();
  for (const r of rows) {
    const name = nameWords(r.name);
    add(name, r.id, FULL_NAME);
    add(nameWords(r.slug), r.id, FULL_NAME);
    add(nameWords(r.entity_name), r.id, FULL_NAME);
    if (name.length > 1 && name[0]!.length >= MIN_BRAND_LENGTH && !/^\d+$/.test(name[0]!))
      firstWords.set(name[0]!, [...(firstWords.get(name[0]!) ?? []), r.id]);
  }
  if (firstWords.size > 0) {
    const words = [...firstWords.keys()];
    // Documents holding each word's lexeme: a brand is in hardly any beyond its own services.
    const df = await sqlQuery<{ word: string; ndoc: number | null }>(Prisma.sql`
      SELECT w AS word, sl.ndoc::int AS ndoc
      FROM unnest(${words}::text[]) AS w
      LEFT JOIN search_lexemes sl ON sl.lexeme = (tsvector_to_array(to_tsvector('english', w)))[1]`);
    for (const { word, ndoc } of df) {
      const ids = firstWords.get(word)!;
      if ((ndoc ?? 0) <= ids.length + BRAND_SLACK) for (const id of ids) add([word], id, BRAND_WORD);
    }
  }
  let longest = 1;
  for (const key of phrases.keys()) longest = Math.max(longest, key.split(" ").length);
  return { version, phrases, longest };
}

const getNameIndex = catalogVersionCache(load);

/** Services the outcome names, strongest first (ties by id), among allowed ones. */
export async function retrieveNameMentions(outcome: string, allowed: Allowed): Promise<Hit[]> {
  const index = await getNameIndex();
  const words = nameWords(outcome);
  const best = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= index.longest && i + n <= words.length; n++) {
      const entry = index.phrases.get(words.slice(i, i + n).join(" "));
      if (!entry) continue;
      for (const id of entry.ids)
        if ((!allowed || allowed.has(id)) && (best.get(id) ?? 0) < entry.strength) best.set(id, entry.strength);
    }
  }
  return [...best.entries()]
    .map(([id, score]) => ({ id, score, name: score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}
