// A rating shown as stars with its value spelled out for screen readers.
export function Stars({ rating, max = 5 }: { rating: number; max?: number }) {
  const full = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-1" aria-label={`Rated ${rating} out of ${max}`} role="img">
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {"★".repeat(full)}
        <span className="text-slate-300">{"★".repeat(Math.max(0, max - full))}</span>
      </span>
    </span>
  );
}
