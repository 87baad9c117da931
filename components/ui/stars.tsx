// A rating shown as stars with its value spelled out for screen readers; `label` names what it is
// (a review's own rating by default, "Review average" for a service's mean).
export function Stars({ rating, max = 5, label = "Rated" }: { rating: number; max?: number; label?: string }) {
  const full = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-1" aria-label={`${label} ${rating} out of ${max}`} role="img">
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {"★".repeat(full)}
        <span className="text-slate-300">{"★".repeat(Math.max(0, max - full))}</span>
      </span>
    </span>
  );
}
