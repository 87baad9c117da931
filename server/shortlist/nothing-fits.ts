// The shortlist's `nothingFits` field (issue 26, item 1): when the catalog has nothing for the
// need, say so in words, name what came closest and why it does not serve. Built only on that
// path, from candidates the request already retrieved (no work on a request that has a fit).
import { CAPABILITY_LABELS, type Capability } from "../catalog/vocabulary";
import { stemmedWords } from "./match-words";

// A match at or above this probability is more likely than not to serve the request: below it for
// every match, the matches are the closest the catalog has, not a fit, and the field says so.
export const LIKELY_FIT = 0.5;
const MAX_CLOSEST = 3;
const MAX_WORDS = 5;

export interface ClosestCandidate {
  slug: string;
  name: string;
  description: string;
  primaryCapability: string;
  tags: string[];
  offers: { description: string; path: string }[];
  score: number; // the calibrated probability that it serves the request (`exact`: name similarity)
  unmet: { id: string; requirement: string }[]; // must conditions it failed
}

export interface NothingFits {
  summary: string;
  closest: { slug: string; name: string; score: number; whyNot: string }[];
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const quoted = (words: string[]) => words.map((w) => `"${w}"`).join(", ");

function firstSentence(text: string): string {
  const s = text.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  return (s.length > 160 ? `${s.slice(0, 157)}…` : s).replace(/[.!?]$/, "");
}

/**
 * Why one candidate does not serve the need: a failed must, or the request's words it lacks
 * (`unknown`: the request's words no service in the catalog uses; `informative`: its words that
 * can show a fit, match-words.ts).
 */
export function whyNot(
  c: ClosestCandidate,
  informative: ReadonlySet<string>,
  unknown: string[] = [],
  missingNeeds: string[] = [],
): string {
  const what = `${CAPABILITY_LABELS[c.primaryCapability as Capability] ?? c.primaryCapability} service: ${firstSentence(c.description)}.`;
  if (c.unmet.length > 0)
    return `${what} Left out: the must condition${c.unmet.length === 1 ? "" : "s"} ${c.unmet.map((u) => `"${u.requirement}"`).join(", ")} ${c.unmet.length === 1 ? "is" : "are"} unmet.`;
  const has = new Set(
    stemmedWords(
      [
        c.name,
        c.description,
        ...c.tags,
        ...c.offers.map((o) => `${o.description} ${o.path.replace(/[/_-]+/g, " ")}`),
      ].join(" "),
    ),
  );
  const missing = [...new Set([...unknown, ...[...informative].filter((w) => !has.has(w))])].slice(0, MAX_WORDS);
  const shared = [...informative].filter((w) => has.has(w)).slice(0, MAX_WORDS);
  const words =
    missing.length > 0
      ? `Nothing it offers mentions ${quoted(missing)}${shared.length ? ` (it shares only ${quoted(shared)})` : ""}`
      : "It shares the request's words but not what the request must deliver";
  // The core need the catalog lacks overrules the words it shares: its probability from those alone
  // is given as such, never as a chance that it serves the request.
  if (missingNeeds.length > 0)
    return `${what} It is not a service that ${missingNeeds.join(" or ")}, which the request needs. ${words}; on shared words alone it scored ${c.score.toFixed(2)}.`;
  return `${what} ${words}; estimated probability that it serves the request: ${c.score.toFixed(2)}.`;
}

/**
 * The field, or undefined when some match is likely to serve. `matched` is how many matches the
 * shortlist returns; `closest` the candidates nearest the need, best first (the matches themselves
 * when there are some).
 */
export function nothingFitsField(
  matched: number,
  bestScore: number,
  closest: ClosestCandidate[],
  informative: ReadonlySet<string>,
  unknown: string[] = [],
  missingNeeds: string[] = [],
): NothingFits | undefined {
  if (matched > 0 && bestScore >= LIKELY_FIT) return undefined;
  const top = closest.slice(0, MAX_CLOSEST);
  const names = top.map((c) => c.name).join(", ");
  // The core need the catalog lacks (need-index.ts) leads, in words: "No service in the catalog sends
  // SMS text messages"; the request's words no service uses follow.
  const lacking = missingNeeds.length ? `No service in the catalog ${missingNeeds.join(" or ")}: ` : "";
  const words = unknown.length ? ` (no service in it mentions ${quoted(unknown.slice(0, MAX_WORDS))})` : "";
  const summary =
    matched > 0
      ? `No service in the catalog is more likely than not to serve this need (best estimated probability ${bestScore.toFixed(2)}): the matches are the closest the catalog has, not a fit.`
      : top.length > 0
        ? `${lacking}${lacking ? "the" : "The"} catalog has no service for this need${words}. Closest: ${names}; none of them serves it (see whyNot).`
        : `${lacking}${lacking ? "the" : "The"} catalog has no service for this need, nor anything close to it.`;
  return {
    summary,
    closest: top.map((c) => ({
      slug: c.slug,
      name: c.name,
      score: round4(c.score),
      whyNot: whyNot(c, informative, unknown, matched > 0 ? [] : missingNeeds),
    })),
  };
}
