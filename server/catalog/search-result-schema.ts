// The answer of GET /api/catalog/search as a pure zod schema (no database).
import { z } from "zod";
import { serviceSummarySchema } from "./service-summary-schema";

const searchHelpSchema = z.object({
  message: z.string(),
  example: z.string(),
  browse: z.string(),
  docs: z.string(),
});

export const searchResultSchema = z.object({
  // null: no `q` was given; the services are then the most called ones (score null) and `help` says how to search.
  query: z.string().nullable(),
  services: z.array(serviceSummarySchema.extend({ rank: z.int(), score: z.number().nullable() })),
  help: searchHelpSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
