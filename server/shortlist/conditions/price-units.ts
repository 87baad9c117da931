// What one payment buys, as the record states it: "Pricing is per audio minute; the listed price
// is for one minute", "The listed price covers up to 20 pages; longer documents are charged in
// 20-page increments", "Geocodes up to 1,000 addresses in one request", "Subscriptions expire
// after 24 hours and must be renewed with a new payment". A small grammar over the record's own
// sentences, parsed once per distinct text (the catalog's sentences recur on every request) so a
// price check only multiplies. A unit the record does not state is never guessed.
import { quantities, type Quantity } from "./quantities";
import { contentWords, words } from "./text";
import { memoByText } from "./memo-by-text";

export interface PriceUnit {
  dimension: string; // a Quantity dimension: "ms", "bytes", "count:page" …
  size: number; // how much of it one listed price buys
  /** Charged in whole increments (a partial one costs a whole price) rather than pro rata. */
  increments: boolean;
  /** The sentence's content words: a unit stated for "subscriptions" applies to that offer only. */
  about: string[];
}

export interface PriceTerms {
  units: PriceUnit[];
  /** "never exceeds the listed price": a dynamic price whose listed figure is a ceiling. */
  capped: boolean;
}

// A sentence about what the listed price buys (service-wide).
const PRICE_UNIT_SENTENCE =
  /\b(listed|quoted) price\b|\bpric(e|ing) is (per|for|based on)\b|\bcharged (per|in|by)\b|\bbilled (per|in|by)\b|\b(new|another) payment\b|\bper payment\b/i;
// An offer's own capacity per call: "up to 1,000 addresses in one request".
const PER_CALL_CAPACITY = /\bup to\b[^.;]*\b(in|per) (one|a single|each|a) (request|call)\b/i;
const CAPPED = /\bnever (exceeds?|costs? more than) the listed price\b|\bat most the listed price\b/i;
// Counted things that are the call itself: a number of them is a number of calls.
const GENERIC_ONE = /^count:(request|call|query|payment)$/;

const CACHE_MAX = 20_000;

function unitsOf(text: string, sentenceLevel: boolean): PriceUnit[] {
  const units: PriceUnit[] = [];
  if (sentenceLevel ? PRICE_UNIT_SENTENCE.test(text) : PER_CALL_CAPACITY.test(text)) {
    const increments = /\b(increments?|first|each started|or part)\b/i.test(text) || !sentenceLevel;
    const seen = new Set<string>();
    // "Pricing is per audio minute": one of the unit.
    const spelled = sentenceLevel
      ? text.replace(/\bper (?:\w+ )?(second|minute|hour|day|week|month)\b/gi, "per 1 $1")
      : text;
    for (const q of quantities(spelled)) {
      if (q.dimension === "usd" || q.dimension === "percent" || q.dimension === "year") continue;
      if (GENERIC_ONE.test(q.dimension)) continue;
      // Offers: a duration in a description is a limit on the input ("files up to 4 hours"), not a unit.
      if (!sentenceLevel && q.dimension === "ms") continue;
      if (seen.has(q.dimension) || q.value <= 0) continue;
      seen.add(q.dimension);
      units.push({ dimension: q.dimension, size: q.value, increments, about: contentWords(text) });
    }
  }
  return units;
}
// A service's price sentences and an offer's description are read apart: one grammar each.
const sentenceUnits = memoByText((text) => unitsOf(text, true), CACHE_MAX);
const offerUnits = memoByText((text) => unitsOf(text, false), CACHE_MAX);

const pathWords = (path: string) => new Set(words(path.replace(/[/_{}.-]/g, " ")));

/** The billing units stated for one offer: its own description's per-call capacity first, then
 * the service's price sentences; a sentence naming some offer's path ("Subscriptions expire after
 * 24 hours") applies to that offer only. */
export function offerPriceUnits(
  offer: { path: string; description: string },
  sentences: { text: string }[],
  offers: { path: string }[],
): PriceUnit[] {
  const own = offerUnits(offer.description);
  const shared: PriceUnit[] = [];
  for (const s of sentences) {
    const units = sentenceUnits(s.text);
    if (units.length === 0) continue;
    const about = units[0]!.about;
    const named = offers.filter((o) => about.some((w) => pathWords(o.path).has(w)));
    if (named.length > 0 && !named.some((o) => o.path === offer.path)) continue;
    for (const u of units)
      if (!own.some((o) => o.dimension === u.dimension) && !shared.some((o) => o.dimension === u.dimension))
        shared.push(u);
  }
  return [...own, ...shared];
}

/** The numbers of an offer's description ("16-day daily forecast", "files under 10 minutes"), parsed once. */
export const offerQuantities = memoByText(quantities, CACHE_MAX);

export function priceCapped(sentences: { text: string }[]): boolean {
  return sentences.some((s) => CAPPED.test(s.text));
}

/**
 * How many listed prices an amount costs, pro rata (low) and in whole increments (high); null when an amount
 * has no stated unit in its dimension (a single item, "one photo", is one call).
 */
export function paymentsFor(
  amounts: Quantity[],
  units: PriceUnit[],
  described: Quantity[] = [],
): { low: number; high: number; stated: boolean } | null {
  let low = 1;
  let high = 1;
  // Every stated unit has its amount, and every amount its stated unit: then a dynamic price is
  // the one the record's grammar gives ("covers 10 MB for 30 days", "20-page increments").
  const stated =
    amounts.length > 0 &&
    units.length > 0 &&
    units.every((u) => amounts.some((a) => a.dimension === u.dimension)) &&
    amounts.every((a) => units.some((u) => u.dimension === a.dimension));
  for (const a of amounts) {
    const unit = units.find((u) => u.dimension === a.dimension);
    if (!unit) {
      if (a.dimension.startsWith("count:") && a.value === 1) continue;
      // What the offer itself says one call gives: "16-day daily forecast", "Scores up to 500 posts".
      if (described.some((q) => q.dimension === a.dimension && q.value >= a.value)) continue;
      // "Looks up one address": each call handles one, so the amount is that many calls.
      if (described.some((q) => q.dimension === a.dimension && q.value === 1)) {
        low *= a.value;
        high *= a.value;
        continue;
      }
      if (GENERIC_ONE.test(a.dimension)) {
        // "1,000 requests": that many calls.
        low *= a.value;
        high *= a.value;
        continue;
      }
      return null;
    }
    const n = a.value / unit.size;
    low *= unit.increments ? Math.max(1, Math.ceil(n - 1e-9)) : n;
    high *= Math.max(1, Math.ceil(n - 1e-9));
  }
  return { low, high, stated };
}
