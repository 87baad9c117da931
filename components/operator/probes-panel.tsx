"use client";
// Probe verdicts of the range and the offers' health now.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { DashboardRange } from "@/server/operator/dashboard-schema";
import { DashboardPanel, Figure, Figures } from "./dashboard-panel";

const LABELS: Record<string, string> = {
  conformant: "Conformant",
  non_conformant: "Non-conformant",
  unreachable: "Unreachable",
  unprobed: "Not probed yet",
};

export function ProbesPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.probes.queryOptions({ range }));
  return (
    <DashboardPanel
      id="probes"
      title="Probe verdicts"
      description="Unpaid probes of the listed offers in this range (kept probes and daily roll-ups), and each offer's health now."
      query={query}
      isEmpty={(d) => d.probes === 0 && d.healthNow.every((h) => h.offers === 0)}
      empty="No probes and no offers yet."
    >
      {(d) => (
        <div className="space-y-4">
          <Figures>
            <Figure label="Probes" value={String(d.probes)} />
            {d.verdicts.map((v) => (
              <Figure key={v.verdict} label={LABELS[v.verdict] ?? v.verdict} value={String(v.count)} />
            ))}
          </Figures>
          <div>
            <h3 className="text-sm font-medium text-slate-700">Offers by health now</h3>
            <Figures>
              {d.healthNow.map((h) => (
                <Figure key={h.state} label={LABELS[h.state] ?? h.state} value={String(h.offers)} />
              ))}
            </Figures>
          </div>
        </div>
      )}
    </DashboardPanel>
  );
}
