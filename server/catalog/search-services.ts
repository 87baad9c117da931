// Free relevance search over the catalog: the shortlist's hybrid retrieval (terms + semantic,
// rank-fused), without conditions. Optional filters narrow it like the list API's.
import { z } from "zod";
import { storableText } from "../input/storable-text";
import { retrieve } from "../shortlist/retrieval/retrieve";
import { serviceSummarySchema, summariesFor, TESTED_FILTERS } from "./list-services";
import { CAPABILITIES, PAYMENT_PROTOCOLS } from "./vocabulary";

export const searchServicesInput = z.object({
  q: storableText().trim().min(1).max(400),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  capability: z.enum(CAPABILITIES).optional(),
  protocol: z.enum(PAYMENT_PROTOCOLS).optional(),
  maxPriceUsd: z.coerce.number().min(0).max(1_000_000).optional(),
  tested: z.enum(TESTED_FILTERS).optional(),
});
export type SearchServicesInput = z.input<typeof searchServicesInput>;

export const searchResultSchema = z.object({
  query: z.string(),
  services: z.array(serviceSummarySchema.extend({ rank: z.int(), score: z.number() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export async function searchServices(raw: SearchServicesInput): Promise<SearchResult> {
  const input = searchServicesInput.parse(raw);
  const tested = input.tested === "true" || input.tested === "output" || input.tested === "no-output" ? input.tested : undefined;
  const hits = await retrieve("hybrid", input.q, { protocol: input.protocol, tested, maxPriceUsd: input.maxPriceUsd });
  const top = hits[0]?.score ?? 1;
  const summaries = await summariesFor(hits.map((h) => h.id));
  const scoreById = new Map(hits.map((h) => [h.id, h.score / top]));
  const kept = summaries.filter(
    (s) => (!input.capability || s.capabilities.includes(input.capability)) && (input.tested !== "false" || s.testStatus === "untested"),
  );
  return {
    query: input.q,
    services: kept.slice(0, input.limit).map((s, i) => ({ ...s, rank: i + 1, score: Math.round(scoreById.get(s.id)! * 10_000) / 10_000 })),
  };
}
