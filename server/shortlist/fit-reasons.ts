// Short factual reasons a service fits: what of the request it matches, how it can be bought,
// how it fares on the conditions, whether it was tested, what reviewers said. Facts only.
import { CAPABILITY_LABELS, type Capability } from "../catalog/vocabulary";
import { atomicToUsd } from "../money";
import { contentWords, words } from "./conditions/sentence-match";
import type { Reputation } from "./reputation";
import type { SearchMode } from "./request-schema";

interface Input {
  outcome: string;
  mode: SearchMode;
  service: { name: string; description: string; tags: string[]; capabilities: string[]; primaryCapability: string; protocols: string[]; testStatus: string; testedAt: Date | null };
  checks: { priority: "must" | "prefer"; status: "met" | "unmet" | "unknown" }[];
  reputation: Reputation;
  offers: { method: string; path: string; priceAtomic: number }[];
  cheapest: { method: string; path: string; priceAtomic: number } | undefined;
}

const MAX_MATCHED_WORDS = 5;

export function fitReasons(i: Input): string[] {
  const reasons: string[] = [];
  const s = i.service;
  if (i.mode === "exact" && s.name.toLowerCase() === i.outcome.trim().toLowerCase()) reasons.push(`Name matches "${s.name}"`);
  const serviceWords = new Set(words(`${s.name} ${s.description} ${s.tags.join(" ")} ${s.capabilities.join(" ")}`));
  const matched = contentWords(i.outcome).filter((w) => w.length > 2 && !/^\d+$/.test(w) && serviceWords.has(w));
  if (matched.length) reasons.push(`Matches ${matched.slice(0, MAX_MATCHED_WORDS).map((w) => `"${w}"`).join(", ")}`);
  reasons.push(`${CAPABILITY_LABELS[s.primaryCapability as Capability] ?? s.primaryCapability} service`);
  if (i.cheapest) {
    reasons.push(`${i.offers.length} offer${i.offers.length === 1 ? "" : "s"}; from ${atomicToUsd(i.cheapest.priceAtomic)} USD (${i.cheapest.method} ${i.cheapest.path}), paid with ${s.protocols.join(" or ")}`);
  }
  if (i.checks.length) {
    const met = i.checks.filter((c) => c.status === "met").length;
    const unknown = i.checks.filter((c) => c.status === "unknown").length;
    reasons.push(`Meets ${met} of ${i.checks.length} condition${i.checks.length === 1 ? "" : "s"}${unknown ? ` (${unknown} unknown)` : ""}`);
  }
  if (s.testStatus !== "untested" && s.testedAt) {
    reasons.push(`Tested by the marketplace on ${s.testedAt.toISOString().slice(0, 10)}: ${s.testStatus === "tested-output" ? "returned output" : "returned no output"}`);
  }
  if (i.reputation.reviewCount > 0 && i.reputation.rating !== null) {
    reasons.push(`Rated ${i.reputation.rating.toFixed(1)} from ${i.reputation.reviewCount} review${i.reputation.reviewCount === 1 ? "" : "s"}`);
  }
  return reasons;
}
