// Every labelled check and request, from all label files. Items without a split were written
// before the held-out part existed and have been tuned on: they count as dev.
import { CHECKS_A } from "./checks-A";
import { CHECKS_B } from "./checks-B";
import { CHECKS_C } from "./checks-C";
import { CHECKS_D } from "./checks-D";
import { EVAL_CONDITION_CHECKS } from "./condition-checks";
import { EVAL_QUERIES } from "./queries";
import { QUERIES_A } from "./queries-A";
import { QUERIES_B } from "./queries-B";
import { QUERIES_C } from "./queries-C";
import { QUERIES_D } from "./queries-D";
import { QUERIES_E } from "./queries-E";
import type { EvalConditionCheck, EvalQuery } from "./types";

// The first held-out part of the condition checks (188 of checks-A and checks-B) was reported
// once, on the first evidence-reading checker (docs/decisions.md, "Shortlist, second pass"), and
// then opened for tuning: it counts as dev from then on. Checks-C's held-out half was reported on
// the second pass; set D (queries and checks) was written for the third pass by a labeller who had
// not read the engine, half of each kind held out; set E (requests, mostly ones nothing in the
// catalog fits, and near misses that something does) by another such labeller, half held out.
const opened = (checks: EvalConditionCheck[]) => checks.map((c) => ({ ...c, split: "dev" as const }));

export const ALL_CHECKS: EvalConditionCheck[] = [
  ...EVAL_CONDITION_CHECKS,
  ...opened(CHECKS_A),
  ...opened(CHECKS_B),
  ...CHECKS_C,
  ...CHECKS_D,
];
export const ALL_QUERIES: EvalQuery[] = [
  ...EVAL_QUERIES,
  ...QUERIES_A,
  ...QUERIES_B,
  ...QUERIES_C,
  ...QUERIES_D,
  ...QUERIES_E,
];

export type Split = "dev" | "heldout";
export const splitOf = (item: { split?: Split }): Split => item.split ?? "dev";
export const queryKind = (q: EvalQuery) => q.kind ?? "fit";
