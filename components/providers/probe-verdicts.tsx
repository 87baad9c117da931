// Each submitted URL's probe verdict, as the probe recorded it: everything is text (React escapes it).
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/orders/format-date-time";
import type { ListingProbe } from "@/server/listings/listing-schema";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";
import { OUTCOME_TEXT } from "./listing-words";

export function ProbeVerdicts({ probes }: { probes: readonly ListingProbe[] }) {
  if (probes.length === 0) return <p className="text-sm text-slate-600">No probe recorded.</p>;
  return (
    <ul className="space-y-3" aria-label="Probe verdicts" data-testid="probe-verdicts">
      {probes.map((p) => (
        <li key={p.url} className="rounded-md border border-slate-200 p-3 text-sm" data-outcome={p.outcome}>
          <p className="break-all font-mono text-xs text-slate-800">{p.url}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <Badge tone={p.outcome === "offer" ? "green" : "amber"}>{OUTCOME_TEXT[p.outcome]}</Badge>
            {p.verdict && <span>Conformance: {p.verdict.replace("_", "-")}</span>}
            {p.status !== null && <span>HTTP {p.status}</span>}
            {p.latencyMs !== null && <span>{p.latencyMs} ms</span>}
            {p.bazaar && <span>bazaar extension declared</span>}
          </p>
          {p.detail && <p className="mt-1 break-words text-slate-700">{p.detail}</p>}
          {p.failedChecks.length > 0 && (
            <div className="mt-2">
              <p className="font-medium text-slate-800">Failed conformance checks</p>
              <ul className="list-disc pl-5 text-slate-700">
                {p.failedChecks.map((c) => (
                  <li key={c}>{CONFORMANCE_CHECK_TEXT[c] ?? c}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="mt-1 text-xs text-slate-600">
            Probed <time dateTime={p.probedAt}>{formatDateTime(p.probedAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
