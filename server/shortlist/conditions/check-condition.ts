// Three-state condition checks: met or unmet only from a structured fact or an explicit
// sentence, each cited; otherwise unknown.
import { FACT_RULES, type Verdict } from "./fact-rules";
import { sentenceVerdict } from "./sentence-match";
import type { ServiceFacts } from "./service-facts";

export type ConditionStatus = "met" | "unmet" | "unknown";

export function checkRequirement(requirement: string, service: ServiceFacts): Verdict {
  const deciders = FACT_RULES.map((rule) => rule.match(requirement)).filter((d) => d !== null);
  if (deciders.length > 0) {
    const verdicts = deciders.map((decide) => decide(service));
    // Every recognised part must hold; one explicit failure is enough to fail.
    const unmet = verdicts.find((v) => v.status === "unmet");
    if (unmet) return unmet;
    if (verdicts.every((v) => v.status === "met")) return verdicts[0]!;
  }
  // A single-subject requirement the facts could not settle may still be settled by a sentence.
  if (deciders.length <= 1) return sentenceVerdict(requirement, service);
  return { status: "unknown" };
}
