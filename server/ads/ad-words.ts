// The words a query and a placement's targeted query are compared on: lower case, split at
// anything that is not a letter or digit, no stemming; stop words and single characters never
// make a match on their own ("the", "api" and "a" are in every query).
import { STOP } from "../shortlist/conditions/text";

export function adWords(text: string): Set<string> {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length > 1 && !STOP.has(w)));
}

/** Whether two texts share a word that counts. */
export function shareAWord(a: string, b: string): boolean {
  const left = adWords(a);
  for (const w of adWords(b)) if (left.has(w)) return true;
  return false;
}
