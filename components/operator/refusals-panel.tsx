"use client";
// Rate-limit refusals by limiter: this instance's counters since it started (no rows are written per
// refusal, so there is no range to pick; every instance counts its own).
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { DashboardRange } from "@/server/operator/dashboard-schema";
import { formatUtc } from "./dashboard-format";
import { DashboardPanel, PanelTable, td, th } from "./dashboard-panel";

export function RefusalsPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.refusals.queryOptions({ range }));
  return (
    <DashboardPanel
      id="refusals"
      title="Rate-limit refusals"
      description="Requests this instance refused with 429, by limiter, since it started (other instances count their own: sum them from /metrics, marketplace_rate_limit_refusals_total)."
      query={query}
      isEmpty={(d) => d.total === 0}
      empty="No request refused by a rate limit since this instance started."
    >
      {(d) => (
        <PanelTable caption={`Refusals since ${formatUtc(d.since)}: ${d.total}`}>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Limiter
              </th>
              <th scope="col" className={`${th} text-right`}>
                Refusals
              </th>
            </tr>
          </thead>
          <tbody>
            {d.limiters.map((l) => (
              <tr key={l.limiter}>
                <th scope="row" className={`${td} font-mono text-xs font-medium`}>
                  {l.limiter}
                </th>
                <td className={`${td} text-right tabular-nums`}>{l.refusals}</td>
              </tr>
            ))}
          </tbody>
        </PanelTable>
      )}
    </DashboardPanel>
  );
}
