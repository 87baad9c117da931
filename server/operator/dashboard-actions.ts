// What waits for an operator: purchases the reconciler no longer decides (settlement_unresolved: an
// operator checks the chain or Stripe) and MPP stripe purchases still open past the threshold (Stripe
// keeps an idempotency key 24 h, so past 23 h the reconciler marks them unresolved:
// server/payments/mpp/stripe-settle.ts), and queued orders in a state only an operator's move ends
// (server/orders/order-states.ts), with how many have waited longer than the threshold.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { UNRESOLVED } from "../payments/methods/payment-method";
import { STRIPE_IDEMPOTENCY_WINDOW_MS } from "../payments/mpp/stripe-settle";
import { ORDER_FLOWS, QUEUED_PRODUCTS } from "../orders/order-states";
import { DASHBOARD_TOP, type ActionsPanel } from "./dashboard-schema";
import { ageSeconds, type Window } from "./dashboard-window";
import { selectPurchaseRows, toPurchaseRow } from "./dashboard-purchases";

export const ACTION_THRESHOLD_MS = STRIPE_IDEMPOTENCY_WINDOW_MS;

// An active placement ends by itself at activeUntil (server/orders/order-expiry.ts): only the other
// states with moves wait for a person.
const AUTOMATIC_STATES = new Set(["active"]);

/** Per product, the states with a move that only an operator makes. */
export const OPERATOR_WAIT_STATES: { product: string; status: string }[] = QUEUED_PRODUCTS.flatMap((product) => {
  const moves = Object.values(ORDER_FLOWS[product].moves) as { from: readonly string[] }[];
  return [...new Set(moves.flatMap((m) => m.from))]
    .filter((status) => !AUTOMATIC_STATES.has(status))
    .map((status) => ({ product, status }));
});

export async function actionsPanel(w: Window): Promise<ActionsPanel> {
  const before = new Date(w.now.getTime() - ACTION_THRESHOLD_MS);
  const needsOperator = Prisma.sql`state IN ('claimed', 'settling', 'settled')
    AND (error_code = ${UNRESOLVED} OR (payment_payload->>'mpp' = 'stripe' AND created_at < ${before}))`;
  const [{ count }] = (await sqlQuery<{ count: number }>(
    Prisma.sql`SELECT count(*)::int AS count FROM purchases WHERE ${needsOperator}`,
  )) as [{ count: number }];
  const oldest = await selectPurchaseRows(needsOperator, Prisma.sql`created_at, id`, DASHBOARD_TOP);

  // updated_at is when the order entered its state (every move writes it). The (product, status,
  // created_at) index finds each waiting state's rows.
  const pairs = Prisma.join(OPERATOR_WAIT_STATES.map((s) => Prisma.sql`(${s.product}, ${s.status})`));
  const orders = await sqlQuery<{ product: string; status: string; count: number; over: number; oldest: Date }>(
    Prisma.sql`
      SELECT product, status, count(*)::int AS count, (count(*) FILTER (WHERE updated_at < ${before}))::int AS over,
             min(updated_at) AS oldest
      FROM orders WHERE (product, status) IN (${pairs})
      GROUP BY product, status ORDER BY min(updated_at)`,
  );
  return {
    thresholdHours: Math.round(ACTION_THRESHOLD_MS / 3_600_000),
    purchases: { count, oldest: oldest.map((r) => toPurchaseRow(r, w.now)) },
    orders: {
      waiting: orders.reduce((n, o) => n + o.count, 0),
      overThreshold: orders.reduce((n, o) => n + o.over, 0),
      byState: orders.map((o) => ({
        product: o.product,
        status: o.status,
        count: o.count,
        overThreshold: o.over,
        oldestAgeSeconds: ageSeconds(o.oldest, w.now),
      })),
    },
  };
}
