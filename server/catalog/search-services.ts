// Free relevance search over the catalog: the shortlist's hybrid retrieval (terms + semantic,
// rank-fused), without conditions. Optional filters narrow it like the list API's. Without `q`
// (the `free.search_api` link of every 402 opened as it is) it answers the most called services
// and how to search, instead of a 400.
import { z } from "zod";
import { retrieve } from "../search/retrieval/retrieve";
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { healthWhere } from "./health-filter";
import { listServices, summariesFor, type ServiceSummary } from "./list-services";
import { searchServicesInput, type SearchServicesInput } from "./search-input-schema";
import { urls } from "./urls";
import { type SearchResult } from "./search-result-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export { searchResultSchema } from "./search-result-schema";
export type { SearchResult } from "./search-result-schema";

// Re-exported: the schema lives in the pure module.
export { searchServicesInput, type SearchServicesInput } from "./search-input-schema";

export async function searchServices(raw: SearchServicesInput): Promise<SearchResult> {
  const input = searchServicesInput.parse(raw);
  if (input.q === undefined) return mostCalled(input);
  const tested =
    input.tested === "true" || input.tested === "output" || input.tested === "no-output" ? input.tested : undefined;
  const hits = await retrieve("hybrid", input.q, { protocol: input.protocol, tested, maxPriceUsd: input.maxPriceUsd });
  // The free search's score stays relative to its best fused hit (no calibration query on this
  // hot path); a service the query names comes first even when only the name list found it (score 0).
  const top = hits.reduce((m, h) => Math.max(m, h.score), 0) || 1;
  const scoreById = new Map(hits.map((h) => [h.id, h.score / top]));
  const kept = await summariesOfFirst(
    await passingFilters(
      hits.map((h) => h.id),
      input,
    ),
    input.limit,
  );
  return {
    query: input.q,
    services: kept.map((s, i) => ({ ...s, rank: i + 1, score: Math.round(scoreById.get(s.id)! * 10_000) / 10_000 })),
  };
}

// The hits (in order) that pass the filters retrieval does not apply: a capability, untested
// only, the service health. Cheap statements instead of building a summary for every hit.
async function passingFilters(ids: string[], input: z.infer<typeof searchServicesInput>): Promise<string[]> {
  let passing = ids;
  if (input.capability || input.tested === "false") {
    const rows = await sqlQuery<{ id: string }>(Prisma.sql`
      SELECT id FROM services
      WHERE id = ANY(${passing}::text[])
        AND (${input.capability ?? null}::text IS NULL OR ${input.capability ?? null}::text = ANY(capabilities))
        AND (${input.tested !== "false"} OR test_status = 'untested')`);
    passing = keep(passing, rows);
  }
  if (input.healthy && passing.length > 0) {
    // The list's own condition (health-filter.ts): both filters say the same of every service.
    const rows = await db.service.findMany({
      where: { AND: [{ id: { in: passing } }, healthWhere(input.healthy)] },
      select: { id: true },
    });
    passing = keep(passing, rows);
  }
  return passing;
}

const keep = (ids: string[], rows: { id: string }[]): string[] => {
  const passing = new Set(rows.map((r) => r.id));
  return ids.filter((id) => passing.has(id));
};

// Summaries (offers, review stats, call counts: the costly part of a search, ~0.3 ms per service)
// of the first `limit` services only, not of all the hits; more are read if some vanished since.
async function summariesOfFirst(ids: string[], limit: number): Promise<ServiceSummary[]> {
  const out: ServiceSummary[] = [];
  let at = 0;
  while (out.length < limit && at < ids.length) {
    const batch = ids.slice(at, at + limit - out.length);
    at += batch.length;
    out.push(...(await summariesFor(batch)));
  }
  return out;
}

async function mostCalled(input: z.infer<typeof searchServicesInput>): Promise<SearchResult> {
  const { q: _none, ...filters } = input;
  const page = await listServices(filters);
  const example = `${urls.searchApi()}?q=${encodeURIComponent("weather forecast for delivery routes")}&limit=5`;
  return {
    query: null,
    services: page.services.map((s, i) => ({ ...s, rank: i + 1, score: null })),
    help: {
      message:
        "No q given: these are the most called services. Add q=<what you need, in words> to rank the catalog by relevance; " +
        "capability, protocol, maxPriceUsd, tested, healthy and limit (1-50) narrow the results.",
      example,
      browse: urls.servicesApi(),
      docs: urls.docs(),
    },
  };
}
