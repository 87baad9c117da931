"use client";
// Latency p50/p95 per UTC day over the last 30 days (the slowest offer's, over answered probes).
// Drawn after hydration like the call charts (recharts sets inline styles, which the CSP allows only
// from script); a table carries the figures for screen readers.
import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { useMounted } from "@/components/ui/use-mounted";
import type { ProbeDay } from "@/server/probes/probe-history";
import { formatUptime } from "../health-badge";
import { dayLabel } from "./day-label";

const AXIS_TICK = { fill: "#334155", fontSize: 12 };
const P50 = "#4f46e5";
const P95 = "#b45309";

export function LatencyChart({ days }: { days: ProbeDay[] }) {
  const mounted = useMounted();
  const data = days.map((d) => ({ day: dayLabel(d.day), p50: d.latencyP50Ms, p95: d.latencyP95Ms }));
  const probed = days.filter((d) => d.probes > 0);
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="probe-latency-caption">
      <figcaption id="probe-latency-caption" className="text-sm font-medium text-slate-700">
        Probe latency per day (ms): median and 95th percentile
      </figcaption>
      <p aria-hidden="true" className="mt-1 flex gap-4 text-xs text-slate-700">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-indigo-600" /> median (p50)
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-amber-700" /> 95th percentile (p95)
        </span>
      </p>
      <div aria-hidden="true" className="mt-2 h-48" data-testid="probe-latency-chart">
        {mounted && (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} tickLine={false} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} />
              <Line dataKey="p50" stroke={P50} strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} />
              <Line dataKey="p95" stroke={P95} strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        )}
      </div>
      {/* The wrapper hides the table: overflow:hidden on a table box itself does not clip its cells. */}
      <div className="sr-only">
        <table>
          <caption>Probes, uptime and latency per day, last 30 days (days with probes)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Probes</th>
              <th scope="col">Answered</th>
              <th scope="col">Conformant</th>
              <th scope="col">Median latency (ms)</th>
              <th scope="col">95th percentile latency (ms)</th>
            </tr>
          </thead>
          <tbody>
            {probed.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.probes}</td>
                <td>{formatUptime(d.uptimePercent)}</td>
                <td>{d.conformant}</td>
                <td>{d.latencyP50Ms ?? "none"}</td>
                <td>{d.latencyP95Ms ?? "none"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
