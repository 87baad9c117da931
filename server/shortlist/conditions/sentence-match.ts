// A requirement no fact rule decides may still be settled by one sentence (an evidence sentence
// or a fact's text). Finding the sentence: shared words after stemming and synonyms, helped by
// sentence embeddings when both vectors exist. Deciding it: only when the sentence is about the
// requirement's subject — numbers with units are compared, a negated clause denies, "only"
// with another name denies, a roadmap settles nothing, and anything less clear stays unknown.
import type { Verdict } from "./fact-rules";
import { clauses } from "./polarity";
import { named as namesOf, scopeVerdict } from "./scope";
import { analyze } from "./sentence-analysis";
import type { PreparedRequirement } from "./prepared";
import { canon, stem, words as wordForms } from "./text";

function countIn(text: string, w: string): number {
  return wordForms(text).filter((x) => x === w).length;
}
import {
  directionStated,
  requirementDirection,
  sentenceBound,
  strictBound,
  UNIT_WORDS,
  type Quantity,
} from "./quantities";
import type { ServiceFacts } from "./service-facts";

const UNKNOWN: Verdict = { status: "unknown" };
// The marketplace's own test sentences are read by the test-status rule, not as features.
const TEST_SENTENCE = /^(our test call|in our probe)\b/i;
// Cosine similarity (USE-lite) above which a sentence is about the requirement even with few
// shared words; below SEMANTIC_FLOOR a partial word overlap is not trusted.
const SEMANTIC_STRONG = 0.66;
const SEMANTIC_FLOOR = 0.4;
// Comparing a number on the strength of one shared word needs closer vectors: "deleted posts are
// removed within an hour" is near "new posts become searchable within a minute", and a wrong
// number decides the wrong way.
const SEMANTIC_NUMBER = 0.75;
// Counted things too generic to tie a number to a subject on their own.
const GENERIC_COUNTS = new Set(["request", "call", "item", "result", "record", "time", "page", "user"].map(stem));
// Words too general to tie a sentence to a requirement on their own ("data", "results").
const WEAK = new Set(
  ["information", "result", "output", "input", "response", "file", "feature", "option", "request", "format"]
    .map(stem)
    .map(canon),
);
// Opposites: a sentence saying "machine-generated" answers "produced by humans" in the negative.
const ANTONYMS: [RegExp, RegExp][] = [
  [/\bhumans?\b|\bmanual\w*/i, /\bmachine\b|\bautomat\w*/i],
  [/\blive\b|\breal-?time\b/i, /\bdelayed\b/i],
  [/\bmeasure[ds]?\b|\bmeasurements?\b/i, /\bderived\b|\binterpolat\w*|\bmodell?ed\b|\bestimat\w*/i],
  [/\b(stays? stored|kept|retained|persists?|remains? (stored|available))\b/i, /\b(deleted|purged|erased|removed)\b/i],
  [/\bmutable\b|\bedit\w*|\bcorrect(ed)?\b|\bmodif\w*/i, /\bimmutable\b|\bread-only\b/i],
];
function opposed(requirement: string, sentence: string): boolean {
  return ANTONYMS.some(
    ([a, b]) =>
      (a.test(requirement) && b.test(sentence) && !a.test(sentence)) ||
      (b.test(requirement) && a.test(sentence) && !b.test(sentence)),
  );
}
// A sentence about what goes in does not answer a requirement about what comes out, and back.
const INPUT_SIDE = /\b(inputs?|uploads?|uploaded|accepts?|accepted|sent|submitted)\b/i;
const OUTPUT_SIDE = /\b(outputs?|returns?|returned|produces?|generates?|generated|exports?|delivers?)\b/i;

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

interface Candidate {
  verdict: Verdict;
  strength: number;
}

function compare(req: PreparedRequirement, rq: Quantity, sentence: string, sq: Quantity): "met" | "unmet" | null {
  const want = requirementDirection(req.text, rq);
  const bound = sentenceBound(sentence, sq);
  if (bound === "soft") return null;
  if (bound === "eligible") return rq.value >= sq.value ? "met" : "unmet";
  const strict = strictBound(req.text);
  if (rq.value === sq.value && strict) return bound === "value" || bound === "cap" ? "unmet" : null;
  if (bound === "below") {
    if (want === "min") return rq.value >= sq.value ? "unmet" : "met";
    return rq.value <= sq.value ? "met" : null;
  }
  if (want === "min") {
    if (sq.value >= rq.value) return "met";
    return bound === "floor" ? null : "unmet";
  }
  if (sq.value <= rq.value) return bound === "floor" ? null : "met";
  return bound === "cap" ? null : "unmet";
}

const BILLING = /\b(listed|quoted) price\b|\bpric(e|es|ing|ed)\b|\b(charged|billed|costs?)\b/i;
// "Every model", "all voices": the whole range must qualify. "A model ... is available": one end may.
const UNIVERSAL = /\b(every|all|each|always)\b/i;
const EXISTENTIAL = /\b(available|at least one|some|offers?)\b|^\s*an?\b/i;

/** A range ("from 32K to 128K tokens depending on the model") against one number. */
function rangeVerdict(
  req: PreparedRequirement,
  rq: Quantity,
  sentence: string,
  range: RegExpExecArray,
  upper: Quantity,
  shared: string[],
): "met" | "unmet" | null {
  const unit = upper.dimension.startsWith("count:") ? canon(upper.dimension.slice(6)) : null;
  // The range must be about the requirement's subject, beyond the unit itself.
  if (!shared.some((w) => w !== unit && !UNIT_WORDS.has(w) && !WEAK.has(w))) return null;
  if (!directionStated(req.text, rq)) return null;
  // A lower end without a unit takes the upper end's ("32K to 128K tokens", "2 to 8 GB").
  const at = /^\$?\s*(\d[\d,]*(?:\.\d+)?)\s*([km])?/i.exec(sentence.slice(upper.index));
  if (!at) return null;
  const multOf = (m?: string) => (!m ? 1 : m.toLowerCase() === "k" ? 1e3 : 1e6);
  const scale = upper.value / (Number(at[1]!.replace(/,/g, "")) * multOf(at[2]));
  const lower = Number(range[1]!.replace(/,/g, "")) * multOf(range[2] ?? at[2]) * scale;
  if (!Number.isFinite(lower) || lower > upper.value) return null;
  const want = requirementDirection(req.text, rq);
  const [good, bad] =
    want === "min" ? [lower >= rq.value, upper.value < rq.value] : [upper.value <= rq.value, lower > rq.value];
  if (good) return "met";
  if (bad) return "unmet";
  if (UNIVERSAL.test(req.text)) return "unmet";
  return EXISTENTIAL.test(req.text) ? "met" : null;
}

function quantityVerdict(
  req: PreparedRequirement,
  sentence: string,
  sentenceQuantities: Quantity[],
  shared: string[],
  semantic: number,
): "met" | "unmet" | null {
  // "... in one call", "for one user": a single generic item is not the number the requirement compares.
  const asked =
    req.quantities.length > 1
      ? req.quantities.filter(
          (q) => !(q.value === 1 && q.dimension.startsWith("count:") && GENERIC_COUNTS.has(q.dimension.slice(6))),
        )
      : req.quantities;
  if (asked.length !== 1) return null;
  const rq = asked[0]!;
  const same = sentenceQuantities.filter(
    (q) =>
      q.dimension === rq.dimension ||
      (rq.dimension.startsWith("count:") && canon(q.dimension.slice(6)) === canon(rq.dimension.slice(6))),
  );
  if (same.length !== 1) return null;
  // "The listed price is for about 1,000 tokens": a billing unit, not a capacity.
  if (BILLING.test(sentence) && !BILLING.test(req.text) && rq.dimension !== "usd") return null;
  // "from 32K to 128K tokens", "between 2 and 8": a range whose other end has no unit of its own.
  const range = /(\d[\d.,]*)\s*([km])?\s*(?:to|-|–|and)\s*$/i.exec(
    sentence.slice(Math.max(0, same[0]!.index - 20), same[0]!.index),
  );
  if (range) return rangeVerdict(req, asked[0]!, sentence, range, same[0]!, shared);
  // The number must be about the requirement's subject: a shared word beyond the unit itself,
  // unless the counted thing is specific ("100 languages").
  const unit = rq.dimension.startsWith("count:") ? canon(rq.dimension.slice(6)) : null;
  if (!directionStated(req.text, rq)) return null;
  const isUnit = (w: string) => w === unit || UNIT_WORDS.has(w) || WEAK.has(w);
  const subject = shared.filter((w) => !isUnit(w));
  const wanted = req.words.filter((w) => !isUnit(w));
  if (subject.length === 0 && (!unit || GENERIC_COUNTS.has(unit))) return null;
  // The number must be about the requirement's subject: all of it, or two words of it, or a
  // close sentence vector ("Bulk uploads up to 1 GB" is not "the upload price includes 10 GB").
  const countedShared = unit !== null && !GENERIC_COUNTS.has(unit) && shared.includes(unit);
  if (!countedShared && subject.length < wanted.length && subject.length < 2 && semantic < SEMANTIC_NUMBER) return null;
  return compare(req, rq, sentence, same[0]!);
}

function judge(
  req: PreparedRequirement,
  sentence: { text: string; source: string },
  vector: Float32Array | undefined,
  serviceName: Set<string>,
  serviceNameText: string,
): Candidate | null {
  if (TEST_SENTENCE.test(sentence.text)) return null;
  const a = analyze(sentence.text);
  // The service's own name in a sentence ("Quarry PDF offers a GDPR agreement") is not a subject.
  const named = serviceName.size > 0 && sentence.text.toLowerCase().includes(serviceNameText);
  const clash = named
    ? req.words.filter((w) => serviceName.has(w) && a.words.has(w) && countIn(sentence.text, w) <= 1)
    : [];
  const have = clash.length ? new Set([...a.words].filter((w) => !clash.includes(w))) : a.words;
  const shared = req.words.filter((w) => have.has(w));
  if (!shared.some((w) => !WEAK.has(w))) return null;
  if (
    (INPUT_SIDE.test(sentence.text) && !INPUT_SIDE.test(req.text) && OUTPUT_SIDE.test(req.text)) ||
    (OUTPUT_SIDE.test(sentence.text) && !OUTPUT_SIDE.test(req.text) && INPUT_SIDE.test(req.text))
  )
    return null;
  // Generic words ("output", "results") count neither for nor against a match.
  const strong = req.words.filter((w) => !WEAK.has(w));
  const cover = strong.filter((w) => have.has(w)).length / strong.length;
  const cos = vector && req.vector ? dot(req.vector, vector) : undefined;
  const evidence = { text: sentence.text, source: sentence.source };

  const missingNames = req.names.filter((n) => !have.has(n));
  const q = missingNames.length === 0 ? quantityVerdict(req, sentence.text, a.quantities, shared, cos ?? 0) : null;
  if (q) return { verdict: { status: q, evidence }, strength: 2 + cover };

  // A place or language asked for, against what the sentence covers (scope.ts), when the sentence
  // is about the same subject beyond the names themselves ("Risk scores cover the US, UK ...").
  if (!req.negated && req.quantities.length === 0) {
    const names = namesOf(sentence.text).nameWords;
    const reqNames = namesOf(req.text).nameWords;
    if (shared.some((w) => !WEAK.has(w) && !names.has(w) && !reqNames.has(w))) {
      const scope = scopeVerdict(req.text, sentence.text, () => clauses(sentence.text));
      if (scope) return { verdict: { status: scope.status, evidence }, strength: 2 + cover };
    }
  }

  // Only the clauses holding a shared word decide the polarity (see polarity.ts).
  const heldClauses = a.clauses.filter((c) => shared.some((w) => c.words.has(w)));
  const held = heldClauses.length ? heldClauses : [a.whole];
  const pol = {
    negative: held.some((c) => c.negative),
    roadmap: held.some((c) => c.roadmap),
    only: held.some((c) => c.only),
  };
  if (pol.roadmap && !pol.negative) return null;
  const sentenceNames = a.names;
  // How much of the deciding clauses' own subject the requirement names: a short negated
  // sentence ("Voice cloning is not offered.") inside a longer requirement still denies it.
  const own = [...new Set(held.flatMap((c) => c.subject))];
  const clauseCover = own.length ? own.filter((w) => req.words.includes(w)).length / own.length : 0;
  const semantic = cos ?? 0;
  const namesHeld = req.names.length > 0 && missingNames.length === 0;
  const about =
    (cover === 1 && (req.words.length >= 2 || clauseCover >= 0.5 || semantic >= SEMANTIC_FLOOR)) ||
    (cover >= 0.7 && shared.length >= 2 && (cos === undefined || semantic >= SEMANTIC_FLOOR)) ||
    // "Accepts FLAC audio" against a list of supported formats: the name alone is weak ("Invoices
    // in EUR" against "Rates are quoted in EUR"), so one shared name needs the vectors to agree.
    (namesHeld && (cover === 1 || (cover >= 0.5 && (shared.length >= 2 || semantic >= SEMANTIC_FLOOR)))) ||
    (shared.length >= 1 && semantic >= SEMANTIC_STRONG);
  const strength = cover + semantic;

  if (
    pol.only &&
    !req.negated &&
    missingNames.length > 0 &&
    sentenceNames.size > 0 &&
    cover >= 0.3 &&
    shared.some((w) => !sentenceNames.has(w))
  ) {
    // "Only English clinical text is supported" against "German clinical notes".
    return { verdict: { status: "unmet", evidence }, strength: 1.5 + strength };
  }
  // "Polygons larger than 500 hectares are rejected" against a requirement with a number: the
  // negation states the limit, which only the numbers may settle (above).
  if (pol.negative && req.quantities.length > 0) {
    const limit = a.quantities.find(
      (sq) =>
        ["below", "eligible", "cap"].includes(sentenceBound(sentence.text, sq)) &&
        req.quantities.some((rq) => rq.dimension === sq.dimension),
    );
    const rq = limit && req.quantities.find((q) => q.dimension === limit.dimension);
    // Within the limit: the rejection is not about this requirement.
    if (limit && rq && compare(req, rq, sentence.text, limit) === "met") return null;
  }
  if (pol.negative || opposed(req.text, sentence.text)) {
    // The whole negated subject is inside the requirement, or the sentence is about it.
    // Vectors alone never deny: "does not account for snow" is close to "accounts for dust".
    const lexicalAbout = cover === 1 || (cover >= 0.6 && shared.length >= 2);
    const denies =
      (clauseCover >= 0.99 && cover >= 0.3) ||
      (missingNames.length === 0 && (lexicalAbout || (shared.length >= 2 && clauseCover >= 0.6)));
    if (!denies) return null;
    // A negated requirement met by a negated sentence ("must not be kept" / "are never kept").
    return { verdict: { status: req.negated ? "met" : "unmet", evidence }, strength };
  }
  if (!about || missingNames.length > 0) return null;
  // A met needs one clause that holds the requirement: "Thumbnails are served from the cache;
  // full images link to the original host" shares "full images" and "cache", but not in one place.
  if (a.clauses.length > 1) {
    const best = Math.max(
      ...a.clauses.map((c) => strong.filter((w) => c.words.has(w) && have.has(w)).length / strong.length),
    );
    if (best < Math.min(cover, 0.7) - 1e-9) return null;
  }
  // A sentence that makes the feature conditional on a minimum ("for products tracked for at
  // least 30 days") does not meet a requirement that gives no number to compare.
  if (
    req.quantities.length === 0 &&
    /\b(at least|minimum( of)?|or more|or longer|older than)\b/i.test(sentence.text) &&
    a.quantities.length > 0
  )
    return null;
  // "... in search results too", "even in polar regions": the extra scope must be in the sentence.
  if (/\b(too|also|as well|even)\b/i.test(req.text) && cover < 1) return null;
  // A requirement that asks for an absence ("maps shown without attribution") is denied by a
  // sentence that asserts the thing on the same subject ("attribution must be shown").
  if (req.negated)
    return cover >= 0.6 && shared.length >= 2 && !pol.roadmap
      ? { verdict: { status: "unmet", evidence }, strength }
      : null;
  // A requirement whose number no sentence settled is not met by shared words alone.
  if (req.quantities.length > 0 || /\d/.test(req.text)) return null;
  // "every row" against "the first 10,000 rows": a partial scope does not meet "every".
  // Nor does a counted or qualified scope ("on about 9,000 known sites", "major cities").
  if (
    /\b(every|all|each|always|any)\b/i.test(req.text) &&
    (/\b(first|up to|at most|only|some|most|partial\w*|known|certain|selected|listed|popular|major|many|several|about|around|roughly)\b/i.test(
      sentence.text,
    ) ||
      a.quantities.some((q) => q.dimension.startsWith("count:")))
  )
    return null;
  return { verdict: { status: "met", evidence }, strength };
}

export function sentenceVerdict(req: PreparedRequirement, s: ServiceFacts): Verdict {
  if (req.words.length === 0) return UNKNOWN;
  const sentences = [...s.evidence, ...[...s.facts.values()].map((f) => ({ text: f.text, source: f.source }))];
  const nameWords = new Set(wordForms(s.name));
  let best: Candidate | null = null;
  let bestOther: Candidate | null = null;
  for (const sentence of sentences) {
    const c = judge(req, sentence, s.vectors?.get(sentence.text), nameWords, s.name.toLowerCase());
    if (!c) continue;
    if (!best || c.strength > best.strength) {
      if (best && best.verdict.status !== c.verdict.status) bestOther = best;
      best = c;
    } else if (c.verdict.status !== best.verdict.status && (!bestOther || c.strength > bestOther.strength))
      bestOther = c;
  }
  if (!best) return UNKNOWN;
  // Two sentences that disagree with similar weight: abstain rather than guess.
  if (bestOther && bestOther.verdict.status !== best.verdict.status && best.strength - bestOther.strength < 0.25)
    return UNKNOWN;
  return best.verdict;
}

// The first pass's word forms, still used by fit-reasons.ts (R's) to show matched words as
// written; the checks above use ./text.
const DISPLAY_STOP = new Set(
  (
    "a an the of for to in on at by from with and or as is are be been being it its this that these those our we us you your " +
    "must should shall will would can could may might need needs needed require requires required requirement want wants " +
    "support supports supported supporting have has having provide provides provided offer offers offered allow allows " +
    "api apis service services endpoint endpoints vendor provider able any all some each per via do does did also only " +
    "return returns returned give gives deliver delivers accept accepts accepted handle handles include includes work works " +
    "please ideally preferably must-have nice so which who what when where how if than then there their they them"
  ).split(" "),
);
function displayStem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}
/** @deprecated for checks; display forms for fit reasons. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9.+#-]*[a-z0-9+#]|[a-z0-9]/g) ?? []).map(displayStem);
}
export function contentWords(requirement: string): string[] {
  return [...new Set(words(requirement).filter((w) => !DISPLAY_STOP.has(w)))];
}
