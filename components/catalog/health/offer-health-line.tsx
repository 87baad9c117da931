// One offer's health in its card of the offer table: state, uptime, latency, failed checks, and
// whether routing is stopped by a payment-terms change.
import type { OfferHealthObject } from "@/server/probes/health-schema";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";
import { formatUptime, HealthBadge } from "../health-badge";

export function OfferHealthLine({ health: h }: { health: OfferHealthObject }) {
  return (
    <div className="mt-2 space-y-1 text-xs text-slate-700" data-testid="offer-health">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <HealthBadge health={h} />
        {h.state !== "unprobed" && (
          <span>
            Uptime 7 days {formatUptime(h.uptime7d)} · 30 days {formatUptime(h.uptime30d)}
            {h.latencyP50Ms !== null && ` · p50 ${h.latencyP50Ms} ms, p95 ${h.latencyP95Ms ?? "–"} ms`}
          </span>
        )}
      </p>
      {h.failedChecks.length > 0 && (
        <ul className="list-disc pl-5 text-red-800">
          {h.failedChecks.map((c) => (
            <li key={c}>Failed: {CONFORMANCE_CHECK_TEXT[c]}</li>
          ))}
        </ul>
      )}
      {h.routingStopped && (
        <p className="font-semibold text-red-800">Routing stopped until an operator confirms the new payment terms.</p>
      )}
      {!h.routingStopped && h.termsChange && (
        <p className="text-amber-900">The price in the provider&apos;s 402 differs from the listing (see below).</p>
      )}
    </div>
  );
}
