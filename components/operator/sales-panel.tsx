"use client";
// Sales and revenue of the range: totals, revenue per hour or day, and per product and payment method.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { DashboardRange } from "@/server/operator/dashboard-schema";
import { BucketChart } from "./dashboard-charts";
import { dollars, METHOD_LABELS, usdTick } from "./dashboard-format";
import { DashboardPanel, Figure, Figures, PanelTable, td, th } from "./dashboard-panel";

export function SalesPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.sales.queryOptions({ range }));
  return (
    <DashboardPanel
      id="sales"
      title="Sales and revenue"
      description="Completed purchases (the answer delivered), by product and payment method."
      query={query}
      isEmpty={(d) => d.total.purchases === 0}
      empty="No completed purchases in this range."
    >
      {(d) => (
        <div className="space-y-4">
          <Figures>
            <Figure label="Purchases" value={String(d.total.purchases)} />
            <Figure label="Revenue" value={dollars(d.total.usd)} />
          </Figures>
          <BucketChart
            caption={`Revenue (USD) per ${d.window.bucket === "hour" ? "hour" : "day"}`}
            bucket={d.window.bucket}
            points={d.series.map((s) => ({ at: s.at, values: { usd: Number(s.usd), purchases: s.purchases } }))}
            bars={[{ key: "usd", label: "Revenue (USD)", color: "#4f46e5" }]}
            formatTick={usdTick}
            testId="sales-chart"
          />
          <PanelTable caption="By product and payment method">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Product
                </th>
                <th scope="col" className={th}>
                  Method
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Purchases
                </th>
                <th scope="col" className={`${th} text-right`}>
                  USD
                </th>
              </tr>
            </thead>
            <tbody>
              {d.byProductAndMethod.map((r) => (
                <tr key={`${r.product}:${r.method}`}>
                  <th scope="row" className={`${td} font-medium`}>
                    {r.product}
                  </th>
                  <td className={td}>{METHOD_LABELS[r.method] ?? r.method}</td>
                  <td className={`${td} text-right tabular-nums`}>{r.purchases}</td>
                  <td className={`${td} text-right tabular-nums`}>{dollars(r.usd)}</td>
                </tr>
              ))}
            </tbody>
          </PanelTable>
        </div>
      )}
    </DashboardPanel>
  );
}
