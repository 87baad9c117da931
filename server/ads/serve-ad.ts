// Serving a paid ad (decisions.md §6) once per purchase, in rotation. The choice depends on the
// serve counts of every eligible placement, so choosing and counting run under one advisory lock
// (every instance takes the same one): N paid serves over K eligible placements give each
// floor(N/K) or ceil(N/K). The serve is recorded per purchase, so a fulfilment that runs again (a
// retry, the reconciler) returns the same ad and counts nothing.
import { Prisma } from "../generated/prisma/client";
import { inTransaction, lockUntilCommit } from "../transaction";
import type { Ad } from "./ad-record";
import type { AdContext } from "./ad-request";
import {
  activePlacements,
  lapsedPlacements,
  nextInRotation,
  placementById,
  targets,
  toAd,
  type PlacementCandidate,
} from "./placement-candidates";

const ROTATION_LOCK = "ads:rotation";
/**
 * The payer was charged because an eligible placement existed at the precheck; if every matching
 * placement lapsed before the fulfilment ran (seconds later, or after a crash and the reconciler),
 * the one that lapsed last within this window is served: paid for, so delivered.
 */
export const LATE_SERVE_WINDOW_SECONDS = 24 * 60 * 60;

export async function serveAd(context: AdContext, purchaseId: string): Promise<Ad> {
  return inTransaction(undefined, async (tx) => {
    await lockUntilCommit(tx, ROTATION_LOCK);
    const [served] = await tx.$queryRaw<{ orderId: string }[]>(
      Prisma.sql`SELECT order_id AS "orderId" FROM ad_serves WHERE purchase_id = ${purchaseId}::uuid`,
    );
    if (served) {
      const [again] = await placementById(tx, served.orderId);
      if (!again) throw new Error(`the placement ${served.orderId} served to purchase ${purchaseId} is gone`);
      return toAd(again);
    }
    const matching = (rows: PlacementCandidate[]) => rows.filter((c) => targets(c, context));
    // Lapsed ones come latest first: the first that matches is the one that was eligible last.
    const chosen =
      nextInRotation(matching(await activePlacements(tx))) ??
      matching(await lapsedPlacements(tx, LATE_SERVE_WINDOW_SECONDS))[0];
    if (!chosen) throw new Error(`no placement to serve to the paid ad purchase ${purchaseId}`);
    await tx.$executeRaw(
      Prisma.sql`INSERT INTO ad_serves (purchase_id, order_id) VALUES (${purchaseId}::uuid, ${chosen.id}::uuid)`,
    );
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO ad_rotation (order_id, serves, last_served_at) VALUES (${chosen.id}::uuid, 1, now())
      ON CONFLICT (order_id) DO UPDATE SET serves = ad_rotation.serves + 1, last_served_at = now()`);
    return toAd(chosen);
  });
}
