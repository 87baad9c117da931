// Scope: is a place (or a language) inside what a sentence says the service covers? A small
// gazetteer (cities in their country, countries in their areas) and one rule: a sentence naming
// the place or an area holding it answers met (unmet when that clause is negated); a sentence
// that enumerates places or languages without the asked one answers unmet; a count that does not
// enumerate ("60 countries", "including Japanese") settles nothing. Parsed once per distinct text.
import { NEGATION, stripBounds } from "./polarity";
import { words } from "./text";
import { memoByText } from "./memo-by-text";

// Area -> its members (lower case). A member may itself be an area ("eu" inside "europe").
const AREAS: Record<string, string[]> = {
  eu: (
    "austria belgium bulgaria croatia cyprus czechia denmark estonia finland france germany greece hungary ireland italy " +
    "latvia lithuania luxembourg malta netherlands poland portugal romania slovakia slovenia spain sweden"
  ).split(" "),
  europe: ["eu", "uk", "switzerland", "norway", "iceland", "serbia", "ukraine", "turkey"],
  "north america": ["us", "canada", "mexico"],
  "latin america": ["mexico", "brazil", "argentina", "chile", "colombia", "peru"],
  "south america": ["brazil", "argentina", "chile", "colombia", "peru", "uruguay", "venezuela", "ecuador", "bolivia"],
  "asia-pacific": [
    "japan",
    "china",
    "india",
    "singapore",
    "australia",
    "new zealand",
    "south korea",
    "indonesia",
    "vietnam",
    "thailand",
    "philippines",
    "malaysia",
    "hong kong",
    "taiwan",
  ],
};
const ALIASES: Record<string, string> = {
  "united states": "us",
  usa: "us",
  "u.s.": "us",
  america: "us",
  "united kingdom": "uk",
  britain: "uk",
  "great britain": "uk",
  england: "uk",
  "european union": "eu",
  european: "europe",
  apac: "asia-pacific",
  "asia pacific": "asia-pacific",
  asia: "asia-pacific",
  korea: "south korea",
  holland: "netherlands",
  "the netherlands": "netherlands",
  latam: "latin america",
};
const CITIES: Record<string, string> = {
  rotterdam: "netherlands",
  amsterdam: "netherlands",
  berlin: "germany",
  munich: "germany",
  hamburg: "germany",
  paris: "france",
  lyon: "france",
  madrid: "spain",
  barcelona: "spain",
  rome: "italy",
  milan: "italy",
  lisbon: "portugal",
  vienna: "austria",
  warsaw: "poland",
  stockholm: "sweden",
  dublin: "ireland",
  brussels: "belgium",
  london: "uk",
  manchester: "uk",
  zurich: "switzerland",
  "new york": "us",
  chicago: "us",
  "los angeles": "us",
  "san francisco": "us",
  seattle: "us",
  boston: "us",
  toronto: "canada",
  vancouver: "canada",
  montreal: "canada",
  "mexico city": "mexico",
  tokyo: "japan",
  osaka: "japan",
  sydney: "australia",
  melbourne: "australia",
  mumbai: "india",
  delhi: "india",
  "sao paulo": "brazil",
  seoul: "south korea",
};
const LANGUAGES = new Set(
  (
    "english french german spanish italian portuguese dutch japanese chinese mandarin cantonese korean arabic hindi russian " +
    "polish swedish norwegian danish finnish turkish greek hebrew thai vietnamese indonesian czech hungarian romanian ukrainian"
  ).split(" "),
);

const PLACES = new Set([
  ...Object.keys(AREAS),
  ...Object.values(AREAS).flat(),
  ...Object.keys(ALIASES),
  ...Object.keys(CITIES),
]);
// Longest names first, so "mexico city" wins over "mexico" and "new zealand" is one place.
const PLACE_PATTERN = new RegExp(
  `(?<![\\w.-])(${[...PLACES]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.]/g, "\\."))
    .join("|")})(?![\\w-])`,
  "gi",
);
// Two-letter codes only in capitals ("US", "UK", "EU"): "us" is also a pronoun.
const CODE = new Set(["us", "uk", "eu", "u.s."]);

function canonical(name: string): string {
  const n = name.toLowerCase();
  return ALIASES[n] ?? n;
}

interface Named {
  places: string[];
  languages: string[];
  /** The word forms of the names themselves: they do not tie a sentence to a requirement. */
  nameWords: Set<string>;
}
/** What a text names, parsed once per distinct text. */
export const named = memoByText((text): Named => {
  const raw = [...text.matchAll(PLACE_PATTERN)].map((m) => m[0]);
  const languages = languagesIn(text);
  return { places: placesIn(text), languages, nameWords: new Set(words([...raw, ...languages].join(" "))) };
}, 50_000);

/** The places a text names, each as its canonical name (cities as their country). */
export function placesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACE_PATTERN)) {
    const raw = m[0];
    if (CODE.has(raw.toLowerCase()) && raw !== raw.toUpperCase()) continue;
    const c = canonical(raw);
    out.push(CITIES[c] ?? c);
  }
  return out;
}

export function languagesIn(text: string): string[] {
  return (text.match(/\b[A-Z][a-z]+\b/g) ?? []).map((w) => w.toLowerCase()).filter((w) => LANGUAGES.has(w));
}

/** The place and every area holding it ("rotterdam" -> netherlands, eu, europe). */
function within(place: string): Set<string> {
  const out = new Set([place]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [area, members] of Object.entries(AREAS))
      if (!out.has(area) && members.some((m) => out.has(m))) {
        out.add(area);
        grew = true;
      }
  }
  return out;
}

// A list that is not the whole of it: "including", "such as", "60 countries", "and more".
const OPEN_LIST =
  /\b(including|includes?|such as|e\.g\.|for example|among others|and more|and others|like)\b|\d+\s+(countries|languages|regions|markets)\b/i;
// A list that bounds the service: "limited to", "only", "cover", "available for/in", "supports".
const BOUNDING =
  /\b(limited to|restricted to|only|exclusively|covers?|covered|coverage|available (?:in|for)|supports?|supported|works? (?:in|for))\b/i;

export type ScopeAnswer = { status: "met" | "unmet" } | null;

/**
 * A requirement naming one place or language against one sentence. `clauses` are the sentence's
 * clauses (polarity.ts), so only the clause naming the place decides its polarity.
 */
export function scopeVerdict(requirement: string, sentence: string, clauses: () => string[]): ScopeAnswer {
  const r = named(requirement);
  const reqPlaces = [...new Set(r.places)];
  const reqLangs = [...new Set(r.languages)];
  if (reqPlaces.length + reqLangs.length !== 1) return null;
  const sn = named(sentence);
  if (reqPlaces.length === 1) {
    const inside = within(reqPlaces[0]!);
    const named = sn.places;
    if (named.length === 0) return null;
    const holding = clauses().find((c) => placesIn(c).some((p) => inside.has(p)));
    if (holding) return { status: NEGATION.test(stripBounds(holding)) ? "unmet" : "met" };
    // The asked place is more general than what the sentence names ("Europe" against "Germany"): unsure.
    if (named.some((p) => within(p).has(reqPlaces[0]!))) return null;
    if (OPEN_LIST.test(sentence) || !BOUNDING.test(sentence)) return null;
    return NEGATION.test(stripBounds(sentence)) ? null : { status: "unmet" };
  }
  const lang = reqLangs[0]!;
  const listed = sn.languages;
  if (listed.length === 0) return null;
  const holding = clauses().find((c) => languagesIn(c).includes(lang));
  if (holding) return { status: NEGATION.test(stripBounds(holding)) ? "unmet" : "met" };
  if (listed.length < 2 || OPEN_LIST.test(sentence) || !BOUNDING.test(sentence)) return null;
  return NEGATION.test(stripBounds(sentence)) ? null : { status: "unmet" };
}
