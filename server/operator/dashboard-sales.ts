// Sales and revenue of the window: completed purchases (the ones whose answer was delivered), by
// product and payment method, and per hour or UTC day. Every method stores the product's price in
// USDC atomic units (amount_atomic; a Stripe charge is that price in cents), so one sum is the USD.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { atomicToUsd } from "../money";
import type { SalesPanel } from "./dashboard-schema";
import { PURCHASE_METHOD_SQL } from "./purchase-method-sql";
import { bucketInterval, bucketStarts, windowObject, type Window } from "./dashboard-window";

const usd = (atomic: string | null) => atomicToUsd(BigInt(atomic ?? "0"));

export async function salesPanel(w: Window): Promise<SalesPanel> {
  // completed_at places a sale in the window. The completing UPDATE sets updated_at with it and
  // nothing later moves a completed row's updated_at back, so updated_at >= from holds for every sale
  // of the window: the redundant bound lets the existing (state, updated_at) index read only the
  // window's rows, with no new index for the purchase path to write.
  const inWindow = Prisma.sql`state = 'completed' AND updated_at >= ${w.from} AND completed_at >= ${w.from} AND completed_at <= ${w.now}`;
  const groups = await sqlQuery<{
    product: string;
    method: SalesPanel["byProductAndMethod"][number]["method"];
    purchases: number;
    atomic: string;
  }>(
    Prisma.sql`
      SELECT product, ${PURCHASE_METHOD_SQL} AS method, count(*)::int AS purchases, sum(amount_atomic)::text AS atomic
      FROM purchases WHERE ${inWindow}
      GROUP BY 1, 2 ORDER BY sum(amount_atomic) DESC, product, method`,
  );
  const buckets = await sqlQuery<{ at: Date; purchases: number; atomic: string }>(Prisma.sql`
    SELECT date_bin(${bucketInterval(w)}, completed_at, ${w.from}) AS at, count(*)::int AS purchases, sum(amount_atomic)::text AS atomic
    FROM purchases WHERE ${inWindow}
    GROUP BY 1`);
  const byStart = new Map(buckets.map((b) => [b.at.getTime(), b]));
  const total = groups.reduce((sum, g) => sum + BigInt(g.atomic), 0n);
  return {
    window: windowObject(w),
    total: { purchases: groups.reduce((n, g) => n + g.purchases, 0), usd: atomicToUsd(total) },
    byProductAndMethod: groups.map((g) => ({
      product: g.product,
      method: g.method,
      purchases: g.purchases,
      usd: usd(g.atomic),
    })),
    series: bucketStarts(w).map((at) => {
      const b = byStart.get(at.getTime());
      return { at: at.toISOString(), purchases: b?.purchases ?? 0, usd: usd(b?.atomic ?? null) };
    }),
  };
}
