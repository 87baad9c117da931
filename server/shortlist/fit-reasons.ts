// Short factual reasons a service fits: what of the request it matches, how it can be bought,
// how it fares on the conditions, whether it was tested, whether its payees are verified, what the marketplace's probes observed
// (with the time), the paid calls through its observer and the reviews written after one (with
// their dates), what reviewers said. Facts only: nothing about probes for an unprobed service,
// nothing about verified use without a paid call or a verified-call review.
import { CAPABILITY_LABELS, type Capability } from "../catalog/vocabulary";
import { atomicToUsd } from "../money";
import { stemmedWords } from "./match-words";
import { utcMinute, type Observation } from "./observed-health";
import type { Reputation } from "./reputation";
import type { SearchMode } from "./request-schema";

interface Input {
  outcome: string;
  /** The outcome's informative words (match-words.ts): no stop words, no domain-generic words. */
  informative: ReadonlySet<string>;
  mode: SearchMode;
  service: {
    name: string;
    description: string;
    tags: string[];
    capabilities: string[];
    primaryCapability: string;
    protocols: string[];
    testStatus: string;
    testedAt: Date | null;
    /** A listed service whose every x402 payee proved control (EIP-712) when it was approved. */
    payeeVerified?: boolean;
    /** Paid calls through the observer in the last 30 days (load-candidates.ts). */
    paidCalls: { count: number; answered: number; lastAt: Date | null };
  };
  checks: { priority: "must" | "prefer"; status: "met" | "unmet" | "unknown" }[];
  reputation: Reputation;
  offers: { method: string; path: string; priceAtomic: number }[];
  cheapest: { method: string; path: string; priceAtomic: number } | undefined;
  /** What the probes observed of the offers the request may buy (observed-health.ts). */
  observation?: Pick<Observation, "failing" | "reason">;
}

/**
 * Concepts of the service a buyer recognises (its tags, capabilities, then single words of its
 * description) that the outcome asks for: a concept matches when every word of it is one of the
 * outcome's informative words, so "into" or "api" never make a match.
 */
export function matchedConcepts(
  service: Input["service"],
  informative: ReadonlySet<string>,
  max = MAX_MATCHED_WORDS,
): string[] {
  const phrases = [
    ...service.tags.map((t) => t.replace(/[-_]+/g, " ")),
    ...service.capabilities.map((c) => CAPABILITY_LABELS[c as Capability] ?? c),
  ].map((p) => p.toLowerCase());
  const concepts: string[] = [];
  const covered = new Set<string>();
  for (const phrase of phrases) {
    const ws = stemmedWords(phrase);
    if (ws.length === 0 || !ws.every((w) => informative.has(w)) || concepts.includes(phrase)) continue;
    concepts.push(phrase);
    ws.forEach((w) => covered.add(w));
  }
  for (const w of stemmedWords(`${service.name} ${service.description}`)) {
    if (informative.has(w) && !covered.has(w) && !/^\d+$/.test(w)) {
      concepts.push(w);
      covered.add(w);
    }
  }
  return concepts.slice(0, max);
}

const MAX_MATCHED_WORDS = 5;

export function fitReasons(i: Input): string[] {
  const reasons: string[] = [];
  const s = i.service;
  if (i.mode === "exact" && s.name.toLowerCase() === i.outcome.trim().toLowerCase())
    reasons.push(`Name matches "${s.name}"`);
  const matched = matchedConcepts(s, i.informative);
  if (matched.length) reasons.push(`Matches ${matched.map((w) => `"${w}"`).join(", ")}`);
  reasons.push(`${CAPABILITY_LABELS[s.primaryCapability as Capability] ?? s.primaryCapability} service`);
  if (i.cheapest) {
    reasons.push(
      `${i.offers.length} offer${i.offers.length === 1 ? "" : "s"}; from ${atomicToUsd(i.cheapest.priceAtomic)} USD (${i.cheapest.method} ${i.cheapest.path}), paid with ${s.protocols.join(" or ")}`,
    );
  }
  if (i.checks.length) {
    const met = i.checks.filter((c) => c.status === "met").length;
    const unknown = i.checks.filter((c) => c.status === "unknown").length;
    reasons.push(
      `Meets ${met} of ${i.checks.length} condition${i.checks.length === 1 ? "" : "s"}${unknown ? ` (${unknown} unknown)` : ""}`,
    );
  }
  if (s.testStatus !== "untested" && s.testedAt) {
    reasons.push(
      `Tested by the marketplace on ${s.testedAt.toISOString().slice(0, 10)}: ${s.testStatus === "tested-output" ? "returned output" : "returned no output"}` +
        (i.observation?.failing
          ? "; no longer counted as tested: every endpoint the marketplace probes fails now"
          : ""),
    );
  }
  if (s.payeeVerified) reasons.push("Payee verified: the provider proved control of every payee address");
  if (i.observation?.reason) reasons.push(i.observation.reason);
  const verified = verifiedUse(s.paidCalls, i.reputation);
  if (verified) reasons.push(verified);
  if (i.reputation.reviewCount > 0 && i.reputation.reviewRating !== null) {
    reasons.push(
      `Review average ${i.reputation.reviewRating.toFixed(1)} from ${i.reputation.reviewCount} review${i.reputation.reviewCount === 1 ? "" : "s"}`,
    );
  }
  return reasons;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "Verified by paid use: …": the paid calls through the marketplace's observer (30 days, with how
 * many the provider answered when some failed, and the newest call's time) and the reviews whose
 * agent had paid for a call (with the newest one's time). Null when there is neither.
 */
export function verifiedUse(
  calls: { count: number; answered: number; lastAt: Date | null },
  reputation: Pick<Reputation, "verifiedReviewCount" | "lastVerifiedReviewAt">,
): string | null {
  const parts: string[] = [];
  if (calls.count > 0) {
    const failed = calls.count - calls.answered;
    parts.push(
      `${plural(calls.count, "paid call")} through the marketplace's observer in the last 30 days` +
        (failed > 0 ? `, ${calls.answered} answered by the provider` : "") +
        (calls.lastAt ? ` (last ${utcMinute(calls.lastAt.toISOString())})` : ""),
    );
  }
  if (reputation.verifiedReviewCount > 0) {
    parts.push(
      `${plural(reputation.verifiedReviewCount, "review")} by agents that paid for a call` +
        (reputation.lastVerifiedReviewAt ? ` (last ${utcMinute(reputation.lastVerifiedReviewAt)})` : ""),
    );
  }
  return parts.length === 0 ? null : `Verified by paid use: ${parts.join("; ")}`;
}
