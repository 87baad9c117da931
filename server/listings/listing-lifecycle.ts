// The owner's moves on a listing in the catalog (issue 27 item 3): pause (its service leaves search,
// the shortlist, discovery and routing; its record still answers), resume (back), and withdraw (final:
// the service record answers 404 from then on; its rows and reviews are kept as history). The
// service's listing_state is what every read filters on (search/unlisted-services.ts); the catalog
// version is bumped in the same transaction, so every instance sees the move within its version check.
import type { Actor } from "../accounts/actor";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { inTransaction, type DbClient } from "../transaction";
import type { ListingStatus, ListingView } from "./listing-schema";
import { getListing, listingOwner, notFound } from "./listings";

export type ListingMove = "pause" | "resume" | "withdraw";

const MOVES: Record<
  ListingMove,
  { from: readonly ListingStatus[] | "any"; to: ListingStatus; service: string | null }
> = {
  pause: { from: ["approved"], to: "paused", service: "paused" },
  resume: { from: ["paused"], to: "approved", service: null },
  withdraw: { from: "any", to: "withdrawn", service: "withdrawn" },
};

async function bumpCatalogVersion(tx: DbClient): Promise<void> {
  await tx.catalogState.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
  });
}

export async function moveListing(actor: Actor, id: string, move: ListingMove): Promise<ListingView> {
  const rule = MOVES[move];
  await inTransaction(undefined, async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; serviceId: string | null }[]>(Prisma.sql`
      SELECT status, service_id AS "serviceId" FROM listings
      WHERE id = ${id}::uuid AND owner_key = ${listingOwner(actor).ownerKey} FOR UPDATE`);
    const row = rows[0];
    if (!row) throw notFound();
    const allowed = rule.from === "any" ? row.status !== "withdrawn" : rule.from.includes(row.status as ListingStatus);
    if (!allowed)
      throw new AppError(
        "conflict",
        row.status === "withdrawn"
          ? "The listing is withdrawn; that is final."
          : `The listing is ${row.status}; ${move} applies to ${rule.from === "any" ? "any listing not withdrawn" : `a listing that is ${(rule.from as readonly string[]).join(" or ")}`}.`,
      );
    const now = new Date();
    await tx.listing.update({ where: { id }, data: { status: rule.to, updatedAt: now } });
    if (row.serviceId) {
      await tx.service.update({ where: { id: row.serviceId }, data: { listingState: rule.service } });
      await bumpCatalogVersion(tx);
    }
  });
  return getListing(actor, id);
}
