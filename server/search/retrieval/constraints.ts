// Constraints filter before ranking: a service qualifies when one of its offers satisfies all of
// them (tested status is a property of the service, protocol and price of the offer).
import { sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { priceLimitAtomic } from "../../money";
import type { SearchConstraints } from "../search-options";
import type { Allowed } from "./types";

export function hasConstraints(c: SearchConstraints | undefined): c is SearchConstraints {
  return !!c && (c.protocol !== undefined || c.tested !== undefined || c.maxPriceUsd !== undefined);
}

/** SQL condition on `services s`. Offer-level constraints (protocol, price) must hold for one and
 * the same offer. */
export function constraintSql(c: SearchConstraints | undefined): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (c?.tested === "true") parts.push(Prisma.sql`s.test_status <> 'untested'`);
  if (c?.tested === "output") parts.push(Prisma.sql`s.test_status = 'tested-output'`);
  if (c?.tested === "no-output") parts.push(Prisma.sql`s.test_status = 'tested-no-output'`);
  const offer: Prisma.Sql[] = [];
  // By the offers' own protocols, as the service record and the catalog list show them.
  if (c?.protocol) offer.push(Prisma.sql`o.protocol = ${c.protocol}::text`);
  if (c?.maxPriceUsd !== undefined)
    offer.push(Prisma.sql`o.price_atomic <= ${priceLimitAtomic(c.maxPriceUsd)}::bigint`);
  if (offer.length)
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM offers o WHERE o.service_id = s.id AND ${Prisma.join(offer, " AND ")})`,
    );
  return Prisma.join(parts, " AND ");
}

/** Offer-level check used when listing a match's offers. */
export function offerQualifies(
  offer: { priceAtomic: number; protocol: string },
  c: SearchConstraints | undefined,
): boolean {
  return (
    (c?.maxPriceUsd === undefined || offer.priceAtomic <= priceLimitAtomic(c.maxPriceUsd)) &&
    (c?.protocol === undefined || offer.protocol === c.protocol)
  );
}

export async function allowedServices(c: SearchConstraints | undefined): Promise<Allowed> {
  if (!hasConstraints(c)) return null;
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`SELECT s.id FROM services s WHERE ${constraintSql(c)}`);
  return new Set(rows.map((r) => r.id));
}
