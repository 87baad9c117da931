// The shortlist request body of the specification: one zod schema for the REST route, the
// engine and the OpenAPI document. Every property is optional at the schema level; the engine
// (and a purchase) needs `outcome`, so `shortlistInputSchema` requires it.
import { z } from "zod";
import { constraintsSchema, SEARCH_MODES, type SearchConstraints } from "../search/search-options";

export { SEARCH_MODES, constraintsSchema, type SearchMode } from "../search/search-options";
export const CONDITION_PRIORITIES = ["must", "prefer"] as const;

export const conditionObjectSchema = z.strictObject({
  id: z.string().max(40).optional(),
  requirement: z.string().min(1).max(240),
  priority: z.enum(CONDITION_PRIORITIES).default("must"),
});

export const conditionSchema = z.union([z.string().min(1).max(240), conditionObjectSchema]);

export type ShortlistConstraints = SearchConstraints;

export const shortlistRequestSchema = z.strictObject({
  request_id: z.string().min(8).max(200).optional(),
  outcome: z.string().min(8).max(2400).optional(),
  conditions: z.array(conditionSchema).max(12).optional(),
  constraints: constraintsSchema.optional(),
  search: z.enum(SEARCH_MODES).default("all"),
  limit: z.int().min(1).max(5).default(5),
});
export type ShortlistRequest = z.infer<typeof shortlistRequestSchema>;

export const shortlistInputSchema = shortlistRequestSchema.extend({
  outcome: z.string().min(8).max(2400).refine((s) => /[\p{L}\p{N}]/u.test(s), "The outcome must contain words."),
});
export type ShortlistInput = z.input<typeof shortlistInputSchema>;
export type ParsedShortlistInput = z.infer<typeof shortlistInputSchema>;

export interface NormalizedCondition {
  id: string;
  requirement: string;
  priority: "must" | "prefer";
}

/** Conditions without an id get c1, c2, ... by position. */
export function normalizeConditions(conditions: ParsedShortlistInput["conditions"]): NormalizedCondition[] {
  return (conditions ?? []).map((c, i) =>
    typeof c === "string" ? { id: `c${i + 1}`, requirement: c, priority: "must" } : { id: c.id ?? `c${i + 1}`, requirement: c.requirement, priority: c.priority },
  );
}
