// Open, failed and stuck purchases as a table: age, state and what the reconciler left on the row.
import type { DashboardPurchaseRow } from "@/server/operator/dashboard-schema";
import { dollars, formatAge, formatUtc, METHOD_LABELS } from "./dashboard-format";
import { PanelTable, td, th } from "./dashboard-panel";

export function PurchaseTable({ caption, rows }: { caption: string; rows: DashboardPurchaseRow[] }) {
  return (
    <PanelTable caption={caption}>
      <thead>
        <tr>
          <th scope="col" className={th}>
            Product
          </th>
          <th scope="col" className={th}>
            State
          </th>
          <th scope="col" className={th}>
            Age
          </th>
          <th scope="col" className={th}>
            Reconciler
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid="dashboard-purchase">
            <th scope="row" className={`${td} font-medium`}>
              {r.product}
              <span className="block text-xs font-normal text-slate-600">
                {METHOD_LABELS[r.method] ?? r.method}, {dollars(r.usd)}
              </span>
            </th>
            <td className={td}>{r.state}</td>
            <td className={`${td} whitespace-nowrap`}>{formatAge(r.ageSeconds)}</td>
            <td className={`${td} text-xs`}>
              {r.waitsForOperator ? (
                <span className="font-semibold text-red-800">left to an operator</span>
              ) : (
                <>last touched {formatUtc(r.lastTouchedAt)}</>
              )}
              {r.errorCode && <span className="block break-all">error: {r.errorCode}</span>}
              {r.fulfilFailures > 0 && <span className="block">failed fulfilments: {r.fulfilFailures}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </PanelTable>
  );
}
