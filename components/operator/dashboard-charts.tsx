"use client";
// The dashboard's two charts: revenue per hour or day, and observed calls with their errors. Drawn
// only after hydration (recharts sets inline styles, which the page's CSP allows only from script:
// style-src has a nonce, no 'unsafe-inline'); the figures are also in a visually hidden table for
// screen readers, and the chart itself is aria-hidden.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { useMounted } from "@/components/ui/use-mounted";
import { bucketLabel } from "./dashboard-format";

const AXIS_TICK = { fill: "#334155", fontSize: 12 };

interface Series {
  caption: string;
  bucket: "hour" | "day";
  points: { at: string; values: Record<string, number> }[];
  bars: { key: string; label: string; color: string }[];
  testId: string;
  /** The y axis's tick labels (default: the number as it is). */
  formatTick?: (value: number) => string;
}

// Wide enough for the longest tick label at 12 px (about 7 px a character), so none is cut at the left edge.
const axisWidth = (labels: string[]) => Math.max(32, 8 + 7 * Math.max(...labels.map((l) => l.length)));

export function BucketChart({ caption, bucket, points, bars, testId, formatTick = String }: Series) {
  const mounted = useMounted();
  const data = points.map((p) => ({ label: bucketLabel(p.at, bucket), ...p.values }));
  // The tallest stack bounds the ticks; its label and a finer step's (a quarter of it) are the longest.
  const top = Math.max(0, ...points.map((p) => bars.reduce((sum, b) => sum + (p.values[b.key] ?? 0), 0)));
  const width = axisWidth([formatTick(top), formatTick(top / 4), formatTick(top * 0.75)]);
  return (
    <figure className="min-w-0" aria-label={caption}>
      <figcaption className="text-sm font-medium text-slate-700">{caption}</figcaption>
      <div aria-hidden="true" className="mt-2 h-48 min-w-0" data-testid={testId}>
        {mounted && (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} tickLine={false} />
              <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={width} tickFormatter={formatTick} />
              {bars.map((b) => (
                <Bar key={b.key} dataKey={b.key} fill={b.color} stackId="a" isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        )}
      </div>
      {/* The wrapper hides the table: overflow:hidden on a table box does not clip its cells. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{bucket === "hour" ? "Hour (UTC)" : "Day (UTC)"}</th>
              {bars.map((b) => (
                <th key={b.key} scope="col">
                  {b.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.at}>
                <th scope="row">{bucketLabel(p.at, bucket)}</th>
                {bars.map((b) => (
                  <td key={b.key}>{p.values[b.key] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
