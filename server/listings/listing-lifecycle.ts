// The owner's moves on a listing in the catalog (issue 27 item 3): pause (its service leaves search,
// the shortlist, discovery and routing; its record still answers), resume (back), and withdraw (final:
// the service record answers 404 from then on; its rows and reviews are kept as history). The
// service's listing_state is what every read filters on (search/unlisted-services.ts); the catalog
// version is bumped in the same transaction, so every instance sees the move within its version check.
import type { Actor } from "../accounts/actor";
import { bumpCatalogVersion } from "../catalog/search-index";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { inTransaction } from "../transaction";
import type { ListingStatus, ListingView } from "./listing-schema";
import { getListing, listingOwner, notFound } from "./listings";

export type ListingMove = "pause" | "resume" | "withdraw";

interface Current {
  status: string;
  serviceId: string | null;
  /** The service's listing_state; undefined without a service. */
  serviceState: string | null | undefined;
}

// Pause needs a service in the catalog that is listed: an approved listing, or one whose later edit
// waits or was rejected while the approved version stays listed (pausing it drops that edit from the
// queue: resume brings back the approved version, and the owner submits the edit again).
const MOVES: Record<
  ListingMove,
  { to: ListingStatus; service: string | null; allowed: (c: Current) => string | null }
> = {
  pause: {
    to: "paused",
    service: "paused",
    allowed: (c) =>
      c.status !== "paused" && c.serviceId !== null && c.serviceState === null
        ? null
        : "pause applies to a listing whose approved service is in the catalog and not paused",
  },
  resume: {
    to: "approved",
    service: null,
    allowed: (c) => (c.status === "paused" ? null : "resume applies to a paused listing"),
  },
  withdraw: { to: "withdrawn", service: "withdrawn", allowed: () => null },
};

export async function moveListing(actor: Actor, id: string, move: ListingMove): Promise<ListingView> {
  const rule = MOVES[move];
  await inTransaction(undefined, async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; serviceId: string | null }[]>(Prisma.sql`
      SELECT status, service_id AS "serviceId" FROM listings
      WHERE id = ${id}::uuid AND owner_key = ${listingOwner(actor).ownerKey} FOR UPDATE`);
    const row = rows[0];
    if (!row) throw notFound();
    if (row.status === "withdrawn") throw new AppError("conflict", "The listing is withdrawn; that is final.");
    const service = row.serviceId
      ? await tx.service.findUnique({ where: { id: row.serviceId }, select: { listingState: true } })
      : null;
    const refused = rule.allowed({ ...row, serviceState: service?.listingState });
    if (refused) throw new AppError("conflict", `The listing is ${row.status}; ${refused}.`);
    const now = new Date();
    await tx.listing.update({ where: { id }, data: { status: rule.to, updatedAt: now } });
    if (row.serviceId) {
      await tx.service.update({ where: { id: row.serviceId }, data: { listingState: rule.service } });
      await bumpCatalogVersion(tx);
    }
  });
  return getListing(actor, id);
}
