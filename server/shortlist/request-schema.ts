// The shortlist request body of the specification: one zod schema for the REST route, the
// engine and the OpenAPI document. Every property is optional at the schema level; the engine
// (and a purchase) needs `outcome`, so `shortlistInputSchema` requires it.
//
// The published schema is the whole rule (issue 12, item 10): every check a purchase applies to
// the body is expressed in JSON Schema terms a client can run before paying. So the outcome's
// "contains words" rule is a `pattern`, and its length bounds count code points, as JSON Schema's
// minLength/maxLength do (zod's own .min/.max count UTF-16 units, which would refuse 1,300 emoji
// plus a word that a client's validator accepts).
import { z } from "zod";
import { constraintsSchema, SEARCH_MODES, type SearchConstraints } from "../search/search-options";

export { SEARCH_MODES, constraintsSchema, type SearchMode } from "../search/search-options";
export const CONDITION_PRIORITIES = ["must", "prefer"] as const;

export const OUTCOME_MIN = 8;
export const OUTCOME_MAX = 2400;
/** At least one letter or digit (JSON Schema patterns are ECMA-262 with Unicode classes). */
export const OUTCOME_PATTERN = /[\p{L}\p{N}]/u;

const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

const outcomeSchema = z
  .string()
  .regex(OUTCOME_PATTERN, "The outcome must contain at least one letter or digit.")
  .refine((s) => codePoints(s) >= OUTCOME_MIN, `The outcome must be at least ${OUTCOME_MIN} characters.`)
  .refine((s) => codePoints(s) <= OUTCOME_MAX, `The outcome must be at most ${OUTCOME_MAX} characters.`)
  .meta({ minLength: OUTCOME_MIN, maxLength: OUTCOME_MAX });

export const conditionObjectSchema = z.strictObject({
  id: z.string().max(40).optional(),
  requirement: z.string().min(1).max(240),
  priority: z.enum(CONDITION_PRIORITIES).default("must"),
});

export const conditionSchema = z.union([z.string().min(1).max(240), conditionObjectSchema]);

// Explicit condition ids name the checks in the answer: two equal ones would be ambiguous.
const conditionsSchema = z
  .array(conditionSchema)
  .max(12)
  .superRefine((conditions, ctx) => {
    const seen = new Set<string>();
    conditions.forEach((c, i) => {
      if (typeof c === "string" || c.id === undefined) return;
      if (seen.has(c.id))
        ctx.addIssue({ code: "custom", message: `Duplicate condition id "${c.id}".`, path: [i, "id"] });
      seen.add(c.id);
    });
  });

export type ShortlistConstraints = SearchConstraints;

export const shortlistRequestSchema = z.strictObject({
  request_id: z.string().min(8).max(200).optional(),
  outcome: outcomeSchema.optional(),
  conditions: conditionsSchema.optional(),
  constraints: constraintsSchema.optional(),
  search: z.enum(SEARCH_MODES).default("all"),
  limit: z.int().min(1).max(5).default(5),
});
export type ShortlistRequest = z.infer<typeof shortlistRequestSchema>;

export const shortlistInputSchema = shortlistRequestSchema.extend({ outcome: outcomeSchema });
export type ShortlistInput = z.input<typeof shortlistInputSchema>;
export type ParsedShortlistInput = z.infer<typeof shortlistInputSchema>;

export interface NormalizedCondition {
  id: string;
  requirement: string;
  priority: "must" | "prefer";
}

/**
 * Conditions without an id get c1, c2, ... by position, skipping any id given explicitly anywhere
 * in the list (an explicit c2 followed by an unnamed condition gives the unnamed one c3).
 */
export function normalizeConditions(conditions: ParsedShortlistInput["conditions"]): NormalizedCondition[] {
  const list = conditions ?? [];
  const taken = new Set(list.flatMap((c) => (typeof c !== "string" && c.id !== undefined ? [c.id] : [])));
  let next = 1;
  const freshId = (position: number) => {
    next = Math.max(next, position);
    while (taken.has(`c${next}`)) next++;
    taken.add(`c${next}`);
    return `c${next}`;
  };
  return list.map((c, i) =>
    typeof c === "string"
      ? { id: freshId(i + 1), requirement: c, priority: "must" }
      : { id: c.id ?? freshId(i + 1), requirement: c.requirement, priority: c.priority },
  );
}
