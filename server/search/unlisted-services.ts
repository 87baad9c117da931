// Services whose self-serve listing is paused or withdrawn (services.listing_state): kept in the
// catalog tables (their reviews, probes and history stay), but out of retrieval, so neither the free
// search nor the shortlist finds them. Read once per catalog version: pausing bumps the version, so
// every instance drops them within the version check (a second).
import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { catalogVersionCache } from "./catalog-version-cache";

/** The condition a listed service meets (lists and discovery add it to their own). */
export const LISTED_SERVICE = { listingState: null } satisfies Prisma.ServiceWhereInput;

export const unlistedServiceIds = catalogVersionCache(async () => {
  const rows = await db.service.findMany({ where: { listingState: { not: null } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
});

/** The hits without unlisted services, in their order. */
export async function withoutUnlisted<T extends { id: string }>(hits: T[]): Promise<T[]> {
  const unlisted = await unlistedServiceIds();
  return unlisted.size === 0 ? hits : hits.filter((h) => !unlisted.has(h.id));
}
