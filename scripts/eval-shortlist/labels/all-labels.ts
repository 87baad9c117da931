// Every labelled check and request, from all label files. Items without a split were written
// before the held-out part existed and have been tuned on: they count as dev.
import { CHECKS_A } from "./checks-A";
import { CHECKS_B } from "./checks-B";
import { EVAL_CONDITION_CHECKS } from "./condition-checks";
import { EVAL_QUERIES } from "./queries";
import { QUERIES_A } from "./queries-A";
import { QUERIES_B } from "./queries-B";
import type { EvalConditionCheck, EvalQuery } from "./types";

export const ALL_CHECKS: EvalConditionCheck[] = [...EVAL_CONDITION_CHECKS, ...CHECKS_A, ...CHECKS_B];
export const ALL_QUERIES: EvalQuery[] = [...EVAL_QUERIES, ...QUERIES_A, ...QUERIES_B];

export type Split = "dev" | "heldout";
export const splitOf = (item: { split?: Split }): Split => item.split ?? "dev";
export const queryKind = (q: EvalQuery) => q.kind ?? "fit";
