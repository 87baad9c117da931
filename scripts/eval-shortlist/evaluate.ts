// Runs the labelled set through the shortlist engine: ranking quality per search mode and the
// honesty of condition checks (a check labelled unknown must never be answered met or unmet).
import { db } from "../../server/db";
import { buildShortlist } from "../../server/shortlist/build-shortlist";
import { checkRequirement } from "../../server/shortlist/conditions/check-condition";
import { loadCandidates } from "../../server/shortlist/load-candidates";
import { SEARCH_MODES, type SearchMode } from "../../server/shortlist/request-schema";
import { EVAL_CONDITION_CHECKS } from "./labels/condition-checks";
import { EVAL_QUERIES } from "./labels/queries";
import { mean, ndcgAt, recallAt, reciprocalRankAt } from "./metrics";

export const K = 5;

export interface ModeFigures {
  ndcg: number;
  mrr: number;
  recall: number;
}

export interface ConditionFigures {
  checks: number;
  labelledUnknown: number;
  falseKnown: number;
  falseKnownRate: number;
  accuracy: number;
  confusion: Record<string, number>;
}

export async function evaluateRanking(modes: readonly SearchMode[] = SEARCH_MODES): Promise<Record<SearchMode, ModeFigures>> {
  const result = {} as Record<SearchMode, ModeFigures>;
  for (const mode of modes) {
    const n: number[] = [];
    const m: number[] = [];
    const r: number[] = [];
    for (const q of EVAL_QUERIES) {
      const shortlist = await buildShortlist({ ...q.request, search: mode, limit: K });
      const ranked = shortlist.matches.map((x) => x.service.slug);
      n.push(ndcgAt(ranked, q.relevance, K));
      m.push(reciprocalRankAt(ranked, q.relevance, K));
      r.push(recallAt(ranked, q.relevance, K));
    }
    result[mode] = { ndcg: mean(n), mrr: mean(m), recall: mean(r) };
  }
  return result;
}

export async function evaluateConditions(): Promise<ConditionFigures> {
  const services = await db.service.findMany({ where: { slug: { in: EVAL_CONDITION_CHECKS.map((c) => c.serviceSlug) } }, select: { id: true, slug: true } });
  const idBySlug = new Map(services.map((s) => [s.slug, s.id]));
  const candidates = await loadCandidates(services.map((s) => s.id));
  const confusion: Record<string, number> = {};
  let correct = 0;
  for (const c of EVAL_CONDITION_CHECKS) {
    const status = checkRequirement(c.requirement, candidates.get(idBySlug.get(c.serviceSlug)!)!.facts).status;
    const key = `${c.expected}->${status}`;
    confusion[key] = (confusion[key] ?? 0) + 1;
    if (status === c.expected) correct++;
  }
  const labelledUnknown = EVAL_CONDITION_CHECKS.filter((c) => c.expected === "unknown").length;
  const falseKnown = (confusion["unknown->met"] ?? 0) + (confusion["unknown->unmet"] ?? 0);
  return {
    checks: EVAL_CONDITION_CHECKS.length,
    labelledUnknown,
    falseKnown,
    falseKnownRate: labelledUnknown ? falseKnown / labelledUnknown : 0,
    accuracy: correct / EVAL_CONDITION_CHECKS.length,
    confusion,
  };
}
