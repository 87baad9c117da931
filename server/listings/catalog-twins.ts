// Offers a listing names that the catalog already lists under another service: the same provider
// address (providerUrl + path). A listing that copies a catalogued API (a confusable name, a payee
// nobody proved) is what operators should see before approving, and what its owner is told at once.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { ListingDraft } from "./listing-schema";

export interface CatalogTwin {
  resourceUrl: string;
  serviceSlug: string;
  serviceName: string;
  payeeVerified: boolean;
}

/** For each listing, its offers' twins in the catalog (its own approved service excluded), in offer order. */
export async function catalogTwins(
  listings: readonly { id: string; serviceId: string | null; draft: ListingDraft }[],
): Promise<Map<string, CatalogTwin[]>> {
  const urls = [...new Set(listings.flatMap((l) => l.draft.offers.map((o) => `${o.providerUrl}${o.path}`)))];
  const found = new Map<string, CatalogTwin[]>(listings.map((l) => [l.id, []]));
  if (urls.length === 0) return found;
  const rows = await sqlQuery<{ url: string; serviceId: string; slug: string; name: string; payeeVerified: boolean }>(
    Prisma.sql`
      SELECT o.provider_url || o.path AS url, s.id AS "serviceId", s.slug, s.name, s.payee_verified AS "payeeVerified"
      FROM offers o JOIN services s ON s.id = o.service_id
      WHERE o.provider_url || o.path = ANY(${urls}::text[]) AND s.listing_state IS NULL
      ORDER BY s.slug`,
  );
  for (const l of listings) {
    const twins = found.get(l.id)!;
    for (const o of l.draft.offers) {
      const url = `${o.providerUrl}${o.path}`;
      for (const r of rows)
        if (
          r.url === url &&
          r.serviceId !== l.serviceId &&
          !twins.some((t) => t.serviceSlug === r.slug && t.resourceUrl === o.resourceUrl)
        )
          twins.push({
            resourceUrl: o.resourceUrl,
            serviceSlug: r.slug,
            serviceName: r.name,
            payeeVerified: r.payeeVerified,
          });
    }
  }
  return found;
}
