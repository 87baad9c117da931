"use client";
// Open and failed purchases, and what waits for an operator (stuck settlements, orders to move).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ordersHref } from "@/components/orders/order-filters";
import { useTRPC } from "@/components/trpc/client";
import type { OrderStatusName, QueuedProduct } from "@/server/orders/order-states";
import type { DashboardRange } from "@/server/operator/dashboard-schema";
import { formatAge } from "./dashboard-format";
import { DashboardPanel, Figure, Figures, PanelTable, td, th } from "./dashboard-panel";
import { PurchaseTable } from "./purchase-table";

export function PurchasesPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.purchases.queryOptions({ range }));
  return (
    <DashboardPanel
      id="purchases"
      title="Open and failed purchases"
      description="Open now whatever their age; failed (refused, not charged) in this range. The reconciler resumes open ones every few seconds."
      query={query}
      isEmpty={(d) => d.open.total === 0 && d.failedInRange === 0}
      empty="No open or failed purchases."
    >
      {(d) => (
        <div className="space-y-4">
          <Figures>
            <Figure label="Open now" value={String(d.open.total)} />
            <Figure label="Failed in range" value={String(d.failedInRange)} />
            {d.open.byState.map((s) => (
              <Figure
                key={s.state}
                label={`${s.state} (oldest)`}
                value={`${s.count} (${formatAge(s.oldestAgeSeconds)})`}
              />
            ))}
          </Figures>
          <PurchaseTable caption="Oldest open, then latest failed" rows={d.oldest} />
        </div>
      )}
    </DashboardPanel>
  );
}

export function ActionsPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.actions.queryOptions({ range }));
  return (
    <DashboardPanel
      id="actions"
      title="Needs an operator"
      description="Settlements the reconciler no longer decides, Stripe purchases open too long, and orders waiting for a move."
      query={query}
      isEmpty={(d) => d.purchases.count === 0 && d.orders.waiting === 0}
      empty="Nothing waits for an operator."
    >
      {(d) => (
        <div className="space-y-4">
          <Figures>
            <Figure label="Purchases to resolve" value={String(d.purchases.count)} />
            <Figure label="Orders waiting" value={String(d.orders.waiting)} />
            <Figure label={`Orders over ${d.thresholdHours} h`} value={String(d.orders.overThreshold)} />
          </Figures>
          {d.purchases.oldest.length > 0 && (
            <PurchaseTable caption="Purchases to resolve (check Stripe or the chain)" rows={d.purchases.oldest} />
          )}
          {d.orders.byState.length > 0 && (
            <PanelTable caption="Orders waiting for a move">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Product
                  </th>
                  <th scope="col" className={th}>
                    State
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Orders
                  </th>
                  <th scope="col" className={th}>
                    Oldest
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.orders.byState.map((o) => (
                  <tr key={`${o.product}:${o.status}`}>
                    <th scope="row" className={`${td} font-medium`}>
                      <Link
                        href={ordersHref({ product: o.product as QueuedProduct, status: o.status as OrderStatusName })}
                        className="text-indigo-700 underline"
                      >
                        {o.product}
                      </Link>
                    </th>
                    <td className={td}>{o.status}</td>
                    <td className={`${td} text-right tabular-nums`}>
                      {o.count}
                      {o.overThreshold > 0 && (
                        <span className="block text-xs text-red-800">
                          {o.overThreshold} over {d.thresholdHours} h
                        </span>
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatAge(o.oldestAgeSeconds)}</td>
                  </tr>
                ))}
              </tbody>
            </PanelTable>
          )}
        </div>
      )}
    </DashboardPanel>
  );
}
