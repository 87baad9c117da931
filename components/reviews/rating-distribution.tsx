"use client";
// The rating distribution: a recharts bar chart for sighted visitors and a table for everyone else.
// The chart is drawn only after hydration: recharts sizes and colours its SVG with inline styles,
// which the page's CSP refuses in server-rendered markup but allows when set from script. Before
// that (and without JavaScript) the same counts show as a plain list.
import { Bar, BarChart, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { useMounted } from "@/components/ui/use-mounted";
import type { RatingDistribution as Distribution } from "@/server/reviews/rating-distribution";

const label = (rating: number) => `${rating} star${rating === 1 ? "" : "s"}`;

export function RatingDistribution({ distribution }: { distribution: Distribution }) {
  const mounted = useMounted();
  const data = distribution.counts.map((c) => ({ name: `${c.rating} ★`, count: c.count }));
  return (
    <figure className="space-y-2" aria-labelledby="rating-distribution-caption">
      <figcaption id="rating-distribution-caption" className="text-sm font-medium text-slate-700">
        Rating distribution ({distribution.total} review{distribution.total === 1 ? "" : "s"})
      </figcaption>
      <table className="sr-only">
        <caption>Number of reviews per rating</caption>
        <thead>
          <tr>
            <th scope="col">Rating</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {distribution.counts.map((c) => (
            <tr key={c.rating}>
              <th scope="row">{label(c.rating)}</th>
              <td>{c.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div aria-hidden="true" className="h-40" data-testid="rating-chart">
        {mounted ? (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data}
              layout="vertical"
              margin={{ top: 0, right: 36, bottom: 0, left: 0 }}
              accessibilityLayer={false}
            >
              <XAxis type="number" hide allowDecimals={false} domain={[0, "dataMax"]} />
              <YAxis
                type="category"
                dataKey="name"
                width={40}
                tickLine={false}
                axisLine={false}
                tick={{ fill: "#334155", fontSize: 13 }}
              />
              <Bar
                dataKey="count"
                fill="#f59e0b"
                radius={[0, 4, 4, 0]}
                isAnimationActive={false}
                background={{ fill: "#f1f5f9" }}
              >
                <LabelList dataKey="count" position="right" fill="#0f172a" fontSize={13} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        ) : (
          <ul className="space-y-1 pt-2 text-sm text-slate-700">
            {distribution.counts.map((c) => (
              <li key={c.rating} className="flex justify-between gap-4">
                <span>{label(c.rating)}</span>
                <span className="font-medium">{c.count}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </figure>
  );
}
