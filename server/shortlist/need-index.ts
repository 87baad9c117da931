// Which services deliver each need of the taxonomy (need-taxonomy.ts), read from each service's
// own text: its offers (method, path, description) and its description and tags. Computed once per
// catalog change and held in memory per process, like the name index (search/retrieval/
// name-mentions.ts); a request costs a taxonomy read of its outcome and a few Set lookups.
import { sqlQuery } from "../db";
import { catalogVersionCache } from "../search/catalog-version-cache";
import { Prisma } from "../generated/prisma/client";
import { NEED_NODES, needsNamed, type NeedNode } from "./need-taxonomy";

interface NeedIndex {
  version: number;
  /** node id -> ids of the services that deliver it */
  deliveredBy: Map<string, Set<string>>;
}

/** A service's text as the taxonomy reads it: offers first, then description and tags (one clause each). */
export function serviceNeedText(s: {
  description: string;
  tags: string[];
  offers: { method: string; path: string; description: string }[];
}): string {
  return [
    ...s.offers.map((o) => `${o.description}\n${o.method} ${o.path.replace(/[/_{}-]+/g, " ")}`),
    s.description,
    ...s.tags,
  ].join("\n");
}

async function load(version: number): Promise<NeedIndex> {
  const rows = await sqlQuery<{
    id: string;
    description: string;
    tags: string[];
    offers: { method: string; path: string; description: string }[];
  }>(Prisma.sql`
    SELECT s.id, s.description, s.tags,
      COALESCE((SELECT json_agg(json_build_object('method', o.method, 'path', o.path, 'description', o.description))
                FROM offers o WHERE o.service_id = s.id), '[]'::json) AS offers
    FROM services s`);
  const deliveredBy = new Map<string, Set<string>>(NEED_NODES.map((n) => [n.id, new Set<string>()]));
  for (const r of rows) for (const n of needsNamed(serviceNeedText(r))) deliveredBy.get(n.id)!.add(r.id);
  return { version, deliveredBy };
}

const getNeedIndex = catalogVersionCache(load);

export interface CoreNeed {
  /** The needs the outcome names (none: the request is ranked as before). */
  named: NeedNode[];
  /** Named needs no service in the catalog delivers. */
  missing: NeedNode[];
  /** Services delivering at least one named need. */
  deliverers: Set<string>;
}

/** The request's core need: the taxonomy's nodes its outcome names, and who in the catalog delivers them. */
export async function coreNeedOf(outcome: string): Promise<CoreNeed> {
  const named = needsNamed(outcome);
  if (named.length === 0) return { named, missing: [], deliverers: new Set() };
  const index = await getNeedIndex();
  const deliverers = new Set<string>();
  const missing: NeedNode[] = [];
  for (const n of named) {
    const ids = index.deliveredBy.get(n.id)!;
    if (ids.size === 0) missing.push(n);
    for (const id of ids) deliverers.add(id);
  }
  return { named, missing, deliverers };
}

/** For inspection and tests: the ids of the services delivering one node. */
export async function servicesDelivering(nodeId: string): Promise<Set<string>> {
  return new Set((await getNeedIndex()).deliveredBy.get(nodeId) ?? []);
}
