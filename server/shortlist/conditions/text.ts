// Words of requirements and sentences, reduced to comparable forms: lower case, a light suffix
// stemmer (so "moderates" meets "moderated", "indices" meets "index"), hyphenated compounds kept
// whole and split ("full-text" also gives "full" and "text"), and a small synonym table mapping
// buyer words to the catalog's own ("honours" ~ "respects", "soundtrack" ~ "audio").

export const STOP = new Set(
  (
    "a an the of for to in on at by from with and or as is are be been being it its this that these those our we us you your " +
    "must should shall will would can could may might need needs needed require requires required requirement want wants " +
    "support supports supported supporting have has having provide provides provided offer offers offered allow allows allowed " +
    "api apis service services endpoint endpoints vendor provider able any all some each per via do does did also " +
    "return returns returned give gives deliver delivers accept accepts accepted handle handles include includes included work works " +
    "please ideally preferably must-have nice so which who what when where how if than then there their they them " +
    "available availability use used using get gets can't cannot not no never without only own one " +
    "after before over under within above below between up into about more less least most than every once upto back since onward onwards ahead"
  ).split(" "),
);

// Equivalence classes: every word maps to its class's first member (after stemming).
const SYNONYM_CLASSES: string[][] = [
  ["respect", "honour", "honor", "obey", "follow"],
  ["audio", "sound", "soundtrack", "voice-over"],
  ["publish", "write", "post", "create"],
  ["alert", "notification", "notify"],
  ["information", "data", "info", "detail"],
  ["image", "photo", "picture"],
  ["video", "clip", "footage"],
  ["store", "keep", "retain", "persist", "save", "kept", "stored"],
  ["delete", "purge", "erase", "remove"],
  ["index", "indice", "indexe"],
  ["language", "lang"],
  ["coordinate", "point", "location"],
  ["lyric", "vocal", "sung", "sing"],
  ["translate", "translation"],
  ["validate", "validation", "verify", "verification"],
  ["look", "lookup"],
  ["train", "training"],
  ["real-time", "realtime", "live"],
  ["pdf", "pdfs"],
  ["limit", "cap", "maximum", "max"],
  ["url", "link"],
  ["execute", "run"],
];
const SYNONYM = new Map<string, string>();
for (const cls of SYNONYM_CLASSES) for (const w of cls) SYNONYM.set(stem(w), stem(cls[0]!));

export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 8 && w.endsWith("ment")) w = w.slice(0, -4);
  else if (w.length > 6 && w.endsWith("ly")) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("es") && /(ch|sh|x|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  // "dubbing"/"dub", "stopped"/"stop": a doubled final consonant left by the suffix.
  if (w.length > 3 && w !== word && /([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  // "moderate"/"moderat", "translate"/"translat": drop a final e so both forms meet.
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

export const canon = (w: string) => SYNONYM.get(w) ?? w;

/** Raw lower-case tokens (hyphenated and dotted compounds kept whole). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/@?[a-z0-9][a-z0-9.+#@×-]*[a-z0-9+#]|[a-z0-9]/g) ?? [];
}

/** Comparable word forms of a text: stems, synonyms folded, compounds also split. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const t of tokens(text)) {
    out.push(canon(stem(t)));
    if (/[-/]/.test(t)) for (const part of t.split(/[-/]/)) if (part) out.push(canon(stem(part)));
  }
  return out;
}

/** The words that carry a text's subject (no stop words, no bare numbers). */
export function contentWords(text: string): string[] {
  const out = new Set<string>();
  for (const t of tokens(text)) {
    if (STOP.has(t) || /^\d[\d.,]*$/.test(t)) continue;
    // A compound counts by its parts ("air-quality" needs "air" and "quality"), which the
    // sentence side also lists.
    if (/[-/]/.test(t)) {
      for (const part of t.split(/[-/]/))
        if (part && !STOP.has(part) && !/^\d+$/.test(part)) out.add(canon(stem(part)));
    } else out.add(canon(stem(t)));
  }
  return [...out].filter((w) => !STOP.has(w));
}

const UNIT_NAMES = new Set(["k", "m", "b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "ms", "usd", "usdc", "s", "h"]);

/** Proper names and codes in a text (UK, FLAC, French, HEIC): capitalised words after the first. */
export function names(text: string): string[] {
  const out = new Set<string>();
  const parts = text.match(/(?<![A-Za-z0-9])[A-Za-z@][A-Za-z0-9.+#@]*/g) ?? [];
  parts.forEach((p, i) => {
    if (i === 0 && !/^[A-Z0-9]{2,}$/.test(p)) return;
    if (UNIT_NAMES.has(p.toLowerCase())) return;
    if (/^[A-Z]/.test(p) && !STOP.has(p.toLowerCase())) out.add(canon(stem(p.toLowerCase())));
  });
  // Codes such as "p99" or "h264" name one thing exactly: "p95 latency" is not about p99.
  for (const code of text.toLowerCase().match(/\b[a-z]{1,3}\d{1,4}\b/g) ?? []) out.add(canon(stem(code)));
  return [...out];
}
