// Open and failed purchases (the ledger's states, server/payments/purchase-ledger.ts): how many are
// open now in each state and since when, the failed ones of the window, and the oldest of each with
// what the reconciler left on the row (last error code, failed fulfilments, last touch). Open
// purchases are counted whatever the range: an open purchase is work now, however old.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { atomicToUsd } from "../money";
import { UNRESOLVED } from "../payments/methods/payment-method";
import { DASHBOARD_TOP, type DashboardPurchaseRow, type PurchasesPanel } from "./dashboard-schema";
import { ageSeconds, windowObject, type Window } from "./dashboard-window";
import { PURCHASE_METHOD_SQL } from "./purchase-method-sql";

const OPEN_STATES = ["claimed", "settling", "settled"] as const;

interface PurchaseRowSql {
  id: string;
  product: string;
  method: DashboardPurchaseRow["method"];
  state: DashboardPurchaseRow["state"];
  atomic: string;
  created_at: Date;
  updated_at: Date;
  error_code: string | null;
  fulfil_failures: number;
}

export const PURCHASE_ROW_COLUMNS = Prisma.sql`id::text AS id, product, ${PURCHASE_METHOD_SQL} AS method, state,
  amount_atomic::text AS atomic, created_at, updated_at, error_code, fulfil_failures`;

export const toPurchaseRow = (r: PurchaseRowSql, now: Date): DashboardPurchaseRow => ({
  id: r.id,
  product: r.product,
  method: r.method,
  state: r.state,
  usd: atomicToUsd(BigInt(r.atomic)),
  createdAt: r.created_at.toISOString(),
  ageSeconds: ageSeconds(r.created_at, now),
  lastTouchedAt: r.updated_at.toISOString(),
  errorCode: r.error_code,
  fulfilFailures: r.fulfil_failures,
  waitsForOperator: r.error_code === UNRESOLVED,
});

export function selectPurchaseRows(where: Prisma.Sql, orderBy: Prisma.Sql, limit: number) {
  return sqlQuery<PurchaseRowSql>(
    Prisma.sql`SELECT ${PURCHASE_ROW_COLUMNS} FROM purchases WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit}`,
  );
}

export async function purchasesPanel(w: Window): Promise<PurchasesPanel> {
  // The (state, updated_at) index serves each statement: open and failed rows are few beside completed ones.
  const open = Prisma.sql`state IN (${Prisma.join([...OPEN_STATES])})`;
  const byState = await sqlQuery<{ state: (typeof OPEN_STATES)[number]; count: number; oldest: Date }>(Prisma.sql`
    SELECT state, count(*)::int AS count, min(created_at) AS oldest FROM purchases WHERE ${open} GROUP BY state`);
  // A failed row keeps its claim's created_at; its updated_at is when it failed, at or after the claim.
  const failed = Prisma.sql`state = 'failed' AND updated_at >= ${w.from} AND created_at >= ${w.from} AND created_at <= ${w.now}`;
  const [{ failed: failedInRange }] = (await sqlQuery<{ failed: number }>(
    Prisma.sql`SELECT count(*)::int AS failed FROM purchases WHERE ${failed}`,
  )) as [{ failed: number }];
  const oldestOpen = await selectPurchaseRows(open, Prisma.sql`created_at, id`, DASHBOARD_TOP);
  const latestFailed = await selectPurchaseRows(failed, Prisma.sql`created_at DESC, id`, DASHBOARD_TOP);
  const counts = new Map(byState.map((s) => [s.state, s]));
  return {
    window: windowObject(w),
    open: {
      total: byState.reduce((n, s) => n + s.count, 0),
      byState: OPEN_STATES.flatMap((state) => {
        const s = counts.get(state);
        return s ? [{ state, count: s.count, oldestAgeSeconds: ageSeconds(s.oldest, w.now) }] : [];
      }),
    },
    failedInRange,
    oldest: [...oldestOpen, ...latestFailed].map((r) => toPurchaseRow(r, w.now)),
  };
}
