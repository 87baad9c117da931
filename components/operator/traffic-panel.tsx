"use client";
// Calls through the observer route: totals, calls and errors per hour or day, and the worst providers.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import type { DashboardRange, ProviderFigures } from "@/server/operator/dashboard-schema";
import { BucketChart } from "./dashboard-charts";
import { millis, percent } from "./dashboard-format";
import { DashboardPanel, Figure, Figures, PanelTable, td, th } from "./dashboard-panel";

export function TrafficPanel({ range }: { range: DashboardRange }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.operatorDashboard.traffic.queryOptions({ range }));
  return (
    <DashboardPanel
      id="traffic"
      title="Observer traffic"
      description="Calls agents made through the observer route. An error is anything but the provider's own answer below 500."
      query={query}
      isEmpty={(d) => d.calls === 0}
      empty="No observed calls in this range."
    >
      {(d) => (
        <div className="space-y-4">
          <Figures>
            <Figure label="Calls" value={String(d.calls)} />
            <Figure label="Error rate" value={percent(d.errorRate)} />
            <Figure label="Latency p50" value={millis(d.p50LatencyMs)} />
            <Figure label="Latency p95" value={millis(d.p95LatencyMs)} />
          </Figures>
          <BucketChart
            caption={`Calls and errors per ${d.window.bucket === "hour" ? "hour" : "day"}`}
            bucket={d.window.bucket}
            points={d.series.map((s) => ({ at: s.at, values: { ok: s.calls - s.errors, errors: s.errors } }))}
            bars={[
              { key: "ok", label: "Calls without error", color: "#4f46e5" },
              { key: "errors", label: "Errors", color: "#b91c1c" },
            ]}
            testId="traffic-chart"
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <ProviderTable caption="Worst providers by error rate" rows={d.worstByErrorRate} />
            <ProviderTable caption="Slowest providers (p95)" rows={d.worstByLatency} />
          </div>
        </div>
      )}
    </DashboardPanel>
  );
}

function ProviderTable({ caption, rows }: { caption: string; rows: ProviderFigures[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{caption}: none.</p>;
  return (
    <PanelTable caption={caption}>
      <thead>
        <tr>
          <th scope="col" className={th}>
            Service
          </th>
          <th scope="col" className={`${th} text-right`}>
            Calls
          </th>
          <th scope="col" className={`${th} text-right`}>
            Errors
          </th>
          <th scope="col" className={`${th} text-right`}>
            p95
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.serviceId}>
            <th scope="row" className={`${td} font-medium break-all`}>
              {r.slug ? (
                <Link href={`/services/${r.slug}`} className="text-indigo-700 underline">
                  {r.name ?? r.slug}
                </Link>
              ) : (
                r.serviceId
              )}
            </th>
            <td className={`${td} text-right tabular-nums`}>{r.calls}</td>
            <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{percent(r.errorRate)}</td>
            <td className={`${td} text-right tabular-nums whitespace-nowrap`}>{millis(r.p95LatencyMs)}</td>
          </tr>
        ))}
      </tbody>
    </PanelTable>
  );
}
