import type { Engagement as EngagementCounts } from "@/server/reviews/review-record";

const KINDS = [
  ["likes", "Likes"],
  ["favorites", "Favourites"],
  ["comments", "Comments"],
] as const;

export function Engagement({ engagement, compact = false }: { engagement: EngagementCounts; compact?: boolean }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {KINDS.map(([key, label]) => {
        const c = engagement[key];
        return (
          <div key={key}>
            <dt className="inline">{label}: </dt>
            <dd className="inline font-medium text-slate-800">
              {c.llm + c.human}
              {!compact && (
                <span className="font-normal text-slate-600">
                  {" "}
                  ({c.human} human, {c.llm} agent)
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
