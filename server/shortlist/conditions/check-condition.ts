// Three-state condition checks: met or unmet only from a structured fact, the record itself
// (test status, offer prices) or an explicit sentence, each cited; otherwise unknown.
// Requirements are prepared once per request (words, numbers, the sentence vector), then
// checked against each candidate synchronously.
import { embedQuery } from "../../search/embeddings/model";
import { FACT_RULES, type Verdict } from "./fact-rules";
import { prepareText, type PreparedRequirement } from "./prepared";
import { priceVerdict, testStatusVerdict } from "./record-rules";
import { sentenceVerdict } from "./sentence-match";
import type { ServiceFacts } from "./service-facts";

export type ConditionStatus = "met" | "unmet" | "unknown";
export type { PreparedRequirement, Verdict };

/** Reads each requirement once; the vectors are best effort (without them, words alone decide). */
export async function prepareRequirements(requirements: string[]): Promise<PreparedRequirement[]> {
  let vectors: Float32Array[] = [];
  try {
    // Through the query cache: the same requirements recur across requests.
    vectors = await Promise.all(requirements.map((r) => embedQuery(r)));
  } catch {
    vectors = [];
  }
  return requirements.map((r, i) => prepareText(r, vectors[i]));
}

// The fact rules that recognise a requirement do not depend on the service: found once per
// prepared requirement, not once per candidate.
const decidersOf = new WeakMap<PreparedRequirement, ((s: ServiceFacts) => Verdict)[]>();
function deciders(req: PreparedRequirement): ((s: ServiceFacts) => Verdict)[] {
  let d = decidersOf.get(req);
  if (!d) decidersOf.set(req, (d = FACT_RULES.map((rule) => rule.match(req.text)).filter((x) => x !== null)));
  return d;
}

export function checkRequirement(requirement: PreparedRequirement | string, service: ServiceFacts): Verdict {
  const req = typeof requirement === "string" ? prepareText(requirement) : requirement;
  const deciders_ = deciders(req);
  if (deciders_.length > 0) {
    const verdicts = deciders_.map((decide) => decide(service));
    // Every recognised part must hold; one explicit failure is enough to fail.
    const unmet = verdicts.find((v) => v.status === "unmet");
    if (unmet) return unmet;
    if (verdicts.every((v) => v.status === "met")) return verdicts[0]!;
  }
  if (deciders_.length > 1) return { status: "unknown" };
  const fromRecord = testStatusVerdict(req, service) ?? priceVerdict(req, service);
  if (fromRecord) return fromRecord;
  // A single-subject requirement the facts could not settle may still be settled by a sentence.
  return sentenceVerdict(req, service);
}
