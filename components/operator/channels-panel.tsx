"use client";
// Batch-settlement channels, what the next claim collects, and when the claim and refund jobs run.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { DashboardRange } from "@/server/operator/dashboard-schema";
import { dollars, formatUtc } from "./dashboard-format";
import { DashboardPanel, Figure, Figures, PanelTable, td, th } from "./dashboard-panel";

export function ChannelsPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.channels.queryOptions({ range }));
  return (
    <DashboardPanel
      id="channels"
      title="Batch-settlement channels"
      description="Payment channels of x402 batch vouchers as they stand now: charged vouchers are claimed, then settled, by the claim job."
      query={query}
      isEmpty={(d) => d.channels === 0 && d.jobs.length === 0}
      empty="No batch-settlement channels yet."
    >
      {(d) => (
        <div className="space-y-4">
          <Figures>
            <Figure label="Channels" value={String(d.channels)} />
            <Figure label="Deposited" value={dollars(d.depositedUsd)} />
            <Figure label="Charged" value={dollars(d.chargedUsd)} />
            <Figure label="Claimed" value={dollars(d.claimedUsd)} />
            <Figure label="Unclaimed" value={dollars(d.unclaimedUsd)} />
            <Figure label="Channels with unclaimed" value={String(d.channelsWithUnclaimed)} />
            <Figure label="Vouchers in progress" value={String(d.pendingVouchers)} />
          </Figures>
          {d.jobs.length > 0 && (
            <PanelTable caption="Settlement jobs">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Job
                  </th>
                  <th scope="col" className={th}>
                    Next run
                  </th>
                  <th scope="col" className={th}>
                    Last result
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.jobs.map((j) => (
                  <tr key={j.job}>
                    <th scope="row" className={`${td} font-medium`}>
                      {j.job}
                    </th>
                    <td className={`${td} text-xs`}>
                      {formatUtc(j.nextRunAt)}
                      {j.leasedBy && <span className="block">running on {j.leasedBy}</span>}
                    </td>
                    <td className={`${td} font-mono text-xs break-all`}>{j.lastResult ?? "none yet"}</td>
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
