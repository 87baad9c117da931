// Runs the labelled set through the shortlist engine: ranking quality per search mode, what is
// returned for requests nothing fits, and the honesty of condition checks (a check labelled
// unknown must never be answered met or unmet; a met label never answered unmet, nor the reverse).
// Every figure is given for the whole set, the dev part and the held-out part.
import { db } from "../../server/db";
import { buildShortlist } from "../../server/shortlist/build-shortlist";
import { checkRequirement, prepareRequirements } from "../../server/shortlist/conditions/check-condition";
import { loadCandidates } from "../../server/shortlist/load-candidates";
import { SEARCH_MODES, type SearchMode } from "../../server/shortlist/request-schema";
import { ALL_CHECKS, ALL_QUERIES, queryKind, splitOf, type Split } from "./labels/all-labels";
import type { EvalConditionCheck, EvalQuery } from "./labels/types";
import { mean, ndcgAt, recallAt, reciprocalRankAt } from "./metrics";

export const K = 5;
export const SUBSETS = ["all", "dev", "heldout"] as const;
export type Subset = (typeof SUBSETS)[number];
const inSubset = (subset: Subset, item: { split?: Split }) => subset === "all" || splitOf(item) === subset;

export interface ModeFigures {
  requests: number; // requests something fits (kind fit or vendor-name)
  ndcg: number;
  mrr: number;
  recall: number;
  namedRequests: number;
  namedMrr: number; // MRR on requests naming a vendor
  noFitRequests: number;
  noFitMeanResults: number; // results returned per request nothing fits
  calibration: Calibration; // of every returned match's score (all requests of the subset)
}

/** One reliability bin: matches whose score falls in [from, from + 0.1). */
export interface ReliabilityBin {
  from: number;
  count: number;
  meanScore: number;
  relevantShare: number; // graded >= 1 in the label; every match of a no-fit request counts irrelevant
}

export interface Calibration {
  matches: number;
  bins: ReliabilityBin[];
  ece: number; // expected calibration error: sum over bins of count/matches * |meanScore - relevantShare|
}

export const CALIBRATION_BINS = 10;

export function calibrationOf(scored: { score: number; relevant: boolean }[]): Calibration {
  const bins = Array.from({ length: CALIBRATION_BINS }, (_, i) => ({ from: i / CALIBRATION_BINS, n: 0, s: 0, y: 0 }));
  for (const { score, relevant } of scored) {
    const b = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(score * CALIBRATION_BINS))]!;
    b.n++;
    b.s += score;
    b.y += relevant ? 1 : 0;
  }
  const n = scored.length;
  return {
    matches: n,
    bins: bins.map((b) => ({
      from: b.from,
      count: b.n,
      meanScore: b.n ? b.s / b.n : 0,
      relevantShare: b.n ? b.y / b.n : 0,
    })),
    ece: n ? bins.reduce((sum, b) => sum + (b.n ? (b.n / n) * Math.abs(b.s / b.n - b.y / b.n) : 0), 0) : 0,
  };
}

export interface ConditionFigures {
  checks: number;
  accuracy: number;
  labelledMet: number;
  metAccuracy: number; // share of met labels answered met
  labelledUnmet: number;
  unmetAccuracy: number; // share of unmet labels answered unmet
  labelledUnknown: number;
  falseKnown: number; // labelled unknown, answered met or unmet
  falseKnownRate: number;
  contradictions: number; // met answered unmet, or unmet answered met
  confusion: Record<string, number>;
  byKind: Record<string, { checks: number; accuracy: number }>;
}

export type RankingFigures = Record<SearchMode, Record<Subset, ModeFigures>>;

interface Ranked {
  query: EvalQuery;
  slugs: string[];
  scores: number[];
}

function modeFigures(runs: Ranked[]): ModeFigures {
  const fits = runs.filter((r) => queryKind(r.query) !== "no-fit");
  const named = runs.filter((r) => queryKind(r.query) === "vendor-name");
  const noFit = runs.filter((r) => queryKind(r.query) === "no-fit");
  return {
    requests: fits.length,
    ndcg: mean(fits.map((r) => ndcgAt(r.slugs, r.query.relevance, K))),
    mrr: mean(fits.map((r) => reciprocalRankAt(r.slugs, r.query.relevance, K))),
    recall: mean(fits.map((r) => recallAt(r.slugs, r.query.relevance, K))),
    namedRequests: named.length,
    namedMrr: mean(named.map((r) => reciprocalRankAt(r.slugs, r.query.relevance, K))),
    noFitRequests: noFit.length,
    noFitMeanResults: mean(noFit.map((r) => r.slugs.length)),
    calibration: calibrationOf(
      runs.flatMap((r) =>
        r.slugs.map((slug, i) => ({
          score: r.scores[i]!,
          relevant: queryKind(r.query) !== "no-fit" && (r.query.relevance[slug] ?? 0) > 0,
        })),
      ),
    ),
  };
}

export async function evaluateRanking(
  modes: readonly SearchMode[] = SEARCH_MODES,
  queries: EvalQuery[] = ALL_QUERIES,
): Promise<RankingFigures> {
  const result = {} as RankingFigures;
  for (const mode of modes) {
    const runs: Ranked[] = [];
    for (const query of queries) {
      const shortlist = await buildShortlist({ ...query.request, search: mode, limit: K });
      runs.push({
        query,
        slugs: shortlist.matches.map((x) => x.service.slug),
        scores: shortlist.matches.map((x) => x.score),
      });
    }
    result[mode] = Object.fromEntries(
      SUBSETS.map((s) => [s, modeFigures(runs.filter((r) => inSubset(s, r.query)))]),
    ) as Record<Subset, ModeFigures>;
  }
  return result;
}

interface Answered {
  check: EvalConditionCheck;
  status: string;
}

function conditionFigures(answers: Answered[]): ConditionFigures {
  const confusion: Record<string, number> = {};
  for (const a of answers)
    confusion[`${a.check.expected}->${a.status}`] = (confusion[`${a.check.expected}->${a.status}`] ?? 0) + 1;
  const count = (key: string) => confusion[key] ?? 0;
  const labelled = (e: string) => answers.filter((a) => a.check.expected === e).length;
  const share = (n: number, d: number) => (d ? n / d : 0);
  const byKind: ConditionFigures["byKind"] = {};
  for (const kind of new Set(answers.map((a) => a.check.kind ?? "unspecified"))) {
    const of = answers.filter((a) => (a.check.kind ?? "unspecified") === kind);
    byKind[kind] = {
      checks: of.length,
      accuracy: share(of.filter((a) => a.status === a.check.expected).length, of.length),
    };
  }
  const labelledUnknown = labelled("unknown");
  const falseKnown = count("unknown->met") + count("unknown->unmet");
  return {
    checks: answers.length,
    accuracy: share(answers.filter((a) => a.status === a.check.expected).length, answers.length),
    labelledMet: labelled("met"),
    metAccuracy: share(count("met->met"), labelled("met")),
    labelledUnmet: labelled("unmet"),
    unmetAccuracy: share(count("unmet->unmet"), labelled("unmet")),
    labelledUnknown,
    falseKnown,
    falseKnownRate: share(falseKnown, labelledUnknown),
    contradictions: count("met->unmet") + count("unmet->met"),
    confusion,
    byKind,
  };
}

export async function evaluateConditions(
  checks: EvalConditionCheck[] = ALL_CHECKS,
): Promise<Record<Subset, ConditionFigures>> {
  const services = await db.service.findMany({
    where: { slug: { in: checks.map((c) => c.serviceSlug) } },
    select: { id: true, slug: true },
  });
  const idBySlug = new Map(services.map((s) => [s.slug, s.id]));
  const candidates = await loadCandidates(services.map((s) => s.id));
  const answers: Answered[] = [];
  const prepared = await prepareRequirements(checks.map((c) => c.requirement));
  for (const [i, check] of checks.entries()) {
    const service = candidates.get(idBySlug.get(check.serviceSlug) ?? "");
    if (!service) throw new Error(`label ${check.id}: no service ${check.serviceSlug} in the catalog`);
    answers.push({ check, status: checkRequirement(prepared[i]!, service.facts).status });
  }
  return Object.fromEntries(
    SUBSETS.map((s) => [s, conditionFigures(answers.filter((a) => inSubset(s, a.check)))]),
  ) as Record<Subset, ConditionFigures>;
}
