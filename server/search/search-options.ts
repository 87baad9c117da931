// What a search can be asked for, shared by the free search and the shortlist: the five modes of
// decisions.md §4 and the hard constraints on services and offers. Owned here so that retrieval
// never imports from its callers.
import { z } from "zod";

export const SEARCH_MODES = ["all", "exact", "terms", "semantic", "hybrid"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const constraintsSchema = z.strictObject({
  protocol: z.enum(["mpp", "x402"]).optional(),
  tested: z.enum(["true", "output", "no-output"]).optional(),
  maxPriceUsd: z.number().min(0).optional(),
});
export type SearchConstraints = z.infer<typeof constraintsSchema>;
