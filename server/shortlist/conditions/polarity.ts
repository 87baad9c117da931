// Polarity cues. A sentence is cut into clauses (";", ":", ", but", "and refuses ..."), and only the clauses holding a shared
// word count: "honours robots.txt by default and refuses disallowed paths" supports "respects
// robots.txt", while "Change notifications are sent by webhook; email alerts are not offered"
// denies "alerts by email" (sentence-analysis.ts keeps each clause's cues).

export const NEGATION =
  /\b(not|no longer|no|never|cannot|can't|doesn't|don't|isn't|aren't|won't|without|unsupported|lacks?|excluded|excludes?|rejected|rejects?|refused|refuses?|missing|absent|weakness|weaknesses|known (?:issue|limitation|problem)s?|struggles? with|unreliabl\w*|neither|nor|unavailable|disallowed|prohibited|except|excepting|excluding|other than|apart from|null|immutable|read-only|fails?|failed|less \w+ than|worse than|rather than|instead of|filtered out|filters out|blocked|stripped|omitted|dropped|discarded|redacted)\b/i;
export const ROADMAP =
  /\b(planned|plans?|coming soon|beta|preview|roadmap|upcoming|future|experimental|in development|later this year|next quarter|early access|soon)\b/i;
// "no restriction", "no limit", "no extra charge": a negated absence of a restriction reads as support.
// Likewise "without loss", "without attribution".
export const NEGATED_RESTRICTION =
  /\b(no|without|not)\s+(\w+\s+)?(restrictions?|limits?|limitations?|caps?|extra|additional|charge|fees?|rate limit|loss|downtime|degradation)\b/gi;
// "no longer than 50 characters", "not more than": a bound, not a negation.
const COMPARATIVE =
  /\b(no|not|never)\s+(cost\w*\s+|take\w*\s+|exceed\w*\s+)?(longer|more|larger|bigger|higher|greater|less|fewer|shorter|smaller|later|slower)\s+than\b/gi;
// "carriers that do not distribute fares": a negation inside a relative clause qualifies a noun,
// it is not the polarity of what the sentence asserts about it.
const RELATIVE_NEGATION = /\b(that|which|who|whose)\s+(do|does|did|are|is|were|was|have|has|can)\s*(not|n't)\s+\w+/gi;
export const stripBounds = (text: string) =>
  text.replace(COMPARATIVE, " ").replace(NEGATED_RESTRICTION, " ").replace(RELATIVE_NEGATION, " ");
export const ONLY = /\b(only|exclusively|solely)\b/i;

export function clauses(sentence: string): string[] {
  return sentence
    .split(
      /[;:]|,\s*(?=but\b|while\b|whereas\b|although\b)|\bbut\b(?!\s+not\b)|\s(?=and\s+(?:refuses|rejects|excludes)\b)/i,
    )
    .map((c) => c.trim())
    .filter(Boolean);
}

/** A requirement that asks for an absence ("must not be kept", "not used to train"). */
export function negatedRequirement(requirement: string): boolean {
  // A parenthetical is a gloss ("real-time (not delayed)"), not the requirement's polarity.
  // Nor is a condition clause ("a placeholder when a domain has no logo").
  // Nor a contrast after the requirement ("checked live, not a cached list", "rather than ..."):
  // it says what the requirement is not, and the requirement itself asks for something present.
  const contrast = requirement
    .replace(/,\s*(not|rather than|instead of)\b[^,;]*/gi, " ")
    // "Without Open Graph tags it still builds a preview": a leading condition, like "when ...".
    .replace(/^\s*without\b[^,;]*?(,|\s(?=(it|they|this|the service)\b))/i, " ");
  return NEGATION.test(
    stripBounds(
      contrast.replace(/\([^)]*\)/g, " ").replace(/\b(when|if|where|whenever|unless|for which)\b[^,;]*/gi, " "),
    ),
  );
}
