"use client";
// Calls per day and median latency per day (30 days) of the calls the marketplace observed for a
// service. Loaded by the browser after the page (not part of the page's data): its own loading,
// error and empty states. Drawn after hydration like the rating chart (recharts sets inline styles,
// which the CSP allows only from script); a table carries the figures for screen readers.
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { useTRPC } from "@/components/trpc/client";
import { useMounted } from "@/components/ui/use-mounted";
import type { CallSeries } from "@/server/observe/call-stats";

// "2026-11-23" → "23 Nov" (UTC: the days are UTC days).
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const AXIS_TICK = { fill: "#334155", fontSize: 12 };

export function CallCharts({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const mounted = useMounted();
  const query = useQuery({ ...trpc.catalog.calls.queryOptions({ slug }), enabled: mounted });
  return (
    <section aria-labelledby="calls-heading" className="space-y-3" data-testid="call-charts">
      <h2 id="calls-heading" className="text-xl font-semibold">
        Calls through the marketplace
      </h2>
      <p className="text-sm text-slate-600">
        Calls agents made through the marketplace&apos;s observer route in the last 30 days (UTC days).
      </p>
      {query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          Could not load the call figures.{" "}
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="font-medium underline focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Try again
          </button>
        </div>
      ) : !query.data ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          Loading call figures…
        </p>
      ) : query.data.totalCalls === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600" data-testid="calls-empty">
          No calls through the marketplace yet.
        </p>
      ) : (
        <Charts series={query.data} />
      )}
    </section>
  );
}

function Charts({ series }: { series: CallSeries }) {
  const data = series.days.map((d) => ({ day: dayLabel(d.day), calls: d.calls, p50: d.p50LatencyMs }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure
        className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
        aria-labelledby="calls-per-day-caption"
      >
        <figcaption id="calls-per-day-caption" className="text-sm font-medium text-slate-700">
          Calls per day ({series.totalCalls} in 30 days)
        </figcaption>
        <div aria-hidden="true" className="mt-2 h-48" data-testid="calls-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} tickLine={false} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} />
              <Bar dataKey="calls" fill="#4f46e5" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="latency-caption">
        <figcaption id="latency-caption" className="text-sm font-medium text-slate-700">
          Median latency per day (ms)
        </figcaption>
        <div aria-hidden="true" className="mt-2 h-48" data-testid="latency-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} tickLine={false} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} />
              <Line
                dataKey="p50"
                stroke="#b45309"
                strokeWidth={2}
                dot={{ r: 2 }}
                connectNulls
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      {/* The wrapper hides the table: overflow:hidden on a table box itself does not clip its cells,
          which then widened the page at phone width. */}
      <div className="sr-only">
        <table>
          <caption>Calls and median latency per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Calls</th>
              <th scope="col">Median latency (ms)</th>
            </tr>
          </thead>
          <tbody>
            {series.days
              .filter((d) => d.calls > 0)
              .map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.calls}</td>
                  <td>{d.p50LatencyMs ?? "none"}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
