// What the checks need from one sentence, computed once per distinct text and kept in a bounded
// cache: a shortlist runs up to 40 candidates × 12 requirements over the same few hundred
// sentences, and tokenising each sentence per check cost more than the checks themselves.
import { clauses, NEGATION, ONLY, ROADMAP, stripBounds } from "./polarity";
import { quantities, type Quantity } from "./quantities";
import { contentWords, names, words } from "./text";
import { memoByText } from "./memo-by-text";

export interface Clause {
  words: Set<string>;
  subject: string[]; // the clause's content words
  negative: boolean;
  roadmap: boolean;
  only: boolean;
}

export interface SentenceAnalysis {
  words: Set<string>;
  names: Set<string>;
  quantities: Quantity[];
  clauses: Clause[];
  whole: Clause;
}

// A leading condition clause, up to its comma.
const CONDITION = /^\s*(when|if|whenever|where)\b[^,;]*,/i;
const CACHE_MAX = 50_000;

function clause(text: string): Clause {
  return {
    words: new Set(words(text)),
    subject: contentWords(text),
    // "When a page lacks Open Graph tags, the title is used": the negation is the condition, not the claim.
    negative: NEGATION.test(stripBounds(text.replace(CONDITION, " "))),
    roadmap: ROADMAP.test(text),
    only: ONLY.test(text),
  };
}

export const analyze = memoByText(
  (text): SentenceAnalysis => ({
    words: new Set(words(text)),
    names: new Set(names(text)),
    quantities: quantities(text),
    clauses: clauses(text).map(clause),
    whole: clause(text),
  }),
  CACHE_MAX,
);
