// A requirement no fact rule decides may still be settled by one explicit sentence: the sentence
// must contain every content word of the requirement. Without a negation it says "met"; with an
// explicit negation ("does not support batch requests") "unmet"; a roadmap or beta cue
// ("planned", "coming soon") settles nothing. Embeddings never decide a check.
import type { ServiceFacts } from "./service-facts";
import type { Verdict } from "./fact-rules";

const STOP = new Set(
  ("a an the of for to in on at by from with and or as is are be been being it its this that these those our we us you your " +
    "must should shall will would can could may might need needs needed require requires required requirement want wants " +
    "support supports supported supporting have has having provide provides provided offer offers offered allow allows " +
    "api apis service services endpoint endpoints vendor provider able any all some each per via do does did also only " +
    "return returns returned give gives deliver delivers accept accepts accepted handle handles include includes work works " +
    "please ideally preferably must-have nice so which who what when where how if than then there their they them").split(" "),
);
const NEGATION = /\b(not|no|never|cannot|can't|doesn't|don't|isn't|aren't|won't|without|unsupported|lacks?)\b/i;
const ROADMAP = /\b(planned|plans?|coming soon|beta|preview|roadmap|upcoming|future|experimental|in development|later this year|next quarter|early access|soon)\b/i;

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9.+#-]*[a-z0-9+#]|[a-z0-9]/g) ?? []).map(stem);
}

export function contentWords(requirement: string): string[] {
  return [...new Set(words(requirement).filter((w) => !STOP.has(w)))];
}

export function sentenceVerdict(requirement: string, s: ServiceFacts): Verdict {
  // A negated requirement ("does not need a key") would need double-negation logic: leave it unknown.
  if (NEGATION.test(requirement)) return { status: "unknown" };
  const needed = contentWords(requirement);
  if (needed.length === 0) return { status: "unknown" };
  const sentences = [...s.evidence, ...[...s.facts.values()].map((f) => ({ text: f.text, source: f.source }))];
  let negative: Verdict | undefined;
  for (const sentence of sentences) {
    const have = new Set(words(sentence.text));
    if (!needed.every((w) => have.has(w))) continue;
    if (ROADMAP.test(sentence.text)) continue;
    if (!NEGATION.test(sentence.text)) return { status: "met", evidence: sentence };
    negative ??= { status: "unmet", evidence: sentence };
  }
  return negative ?? { status: "unknown" };
}
