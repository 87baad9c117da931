// Constraints filter before ranking: a service qualifies when one of its offers satisfies all of
// them (protocol and tested status are properties of the service, price of the offer).
import { sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { priceLimitAtomic } from "../../money";
import type { ShortlistConstraints } from "../request-schema";
import type { Allowed } from "./types";

export function hasConstraints(c: ShortlistConstraints | undefined): c is ShortlistConstraints {
  return !!c && (c.protocol !== undefined || c.tested !== undefined || c.maxPriceUsd !== undefined);
}

/** SQL condition on `services s`. */
export function constraintSql(c: ShortlistConstraints | undefined): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (c?.protocol) parts.push(Prisma.sql`${c.protocol}::text = ANY(s.protocols)`);
  if (c?.tested === "true") parts.push(Prisma.sql`s.test_status <> 'untested'`);
  if (c?.tested === "output") parts.push(Prisma.sql`s.test_status = 'tested-output'`);
  if (c?.tested === "no-output") parts.push(Prisma.sql`s.test_status = 'tested-no-output'`);
  if (c?.maxPriceUsd !== undefined) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM offers o WHERE o.service_id = s.id AND o.price_atomic <= ${priceLimitAtomic(c.maxPriceUsd)}::bigint)`);
  }
  return Prisma.join(parts, " AND ");
}

/** Offer-level check used when listing a match's offers. */
export function offerQualifies(priceAtomic: number, c: ShortlistConstraints | undefined): boolean {
  return c?.maxPriceUsd === undefined || priceAtomic <= priceLimitAtomic(c.maxPriceUsd);
}

export async function allowedServices(c: ShortlistConstraints | undefined): Promise<Allowed> {
  if (!hasConstraints(c)) return null;
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`SELECT s.id FROM services s WHERE ${constraintSql(c)}`);
  return new Set(rows.map((r) => r.id));
}
