"use client";
// The service page's health section: what the marketplace's own probes observed of the service
// (server/probes/probe-history.ts, loaded with the page): its state and uptime now, a 30-day uptime
// strip, latency p50/p95 per day, the x402 conformance checklist, and payment-terms changes.
import { useSuspenseQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/orders/format-date-time";
import { useTRPC } from "@/components/trpc/client";
import { Stat } from "@/components/ui/stat";
import { HEALTHY_UPTIME_PERCENT } from "@/server/probes/conformance-checks";
import { formatUptime, HealthBadge } from "../health-badge";
import { ConformanceChecklist } from "./conformance-checklist";
import { LatencyChart } from "./latency-chart";
import { TermsChangeHistory } from "./terms-change-history";
import { UptimeStrip } from "./uptime-strip";

export function HealthSection({ slug, offerLabel }: { slug: string; offerLabel: (offerId: string) => string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.catalog.health.queryOptions({ slug }));
  const h = data.health;
  const stopped = Object.entries(data.offers).filter(([, o]) => o.routingStopped);
  return (
    <section aria-labelledby="health-heading" className="space-y-4" data-testid="health-section">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="health-heading" className="text-xl font-semibold">
          Health observed by the marketplace
        </h2>
        <HealthBadge health={h} />
      </div>
      <p className="text-sm text-slate-600">
        The marketplace probes every offer on a schedule with an unpaid request and checks its x402 answer. Healthy
        means conformant, at least {HEALTHY_UPTIME_PERCENT} % of the last 24 hours&apos; probes answered, and no
        payment-terms change waiting.
      </p>
      {stopped.length > 0 && (
        <div role="status" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">
            Routing stopped for {stopped.map(([id]) => offerLabel(id)).join(", ")}: the payee, network or asset changed.
          </p>
          <p className="mt-1">
            The marketplace forwards no call to {stopped.length === 1 ? "this offer" : "these offers"} until an operator
            confirms the new terms or the listing is re-imported.
          </p>
        </div>
      )}
      {h.state === "unprobed" ? (
        <p
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600"
          data-testid="health-empty"
        >
          Not probed yet: the marketplace has not checked this service&apos;s offers so far. Uptime, latency and the
          conformance checklist appear after the first probes.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <Stat label="Uptime 24 h" value={formatUptime(h.uptime24h)} />
            <Stat label="Uptime 7 days" value={formatUptime(h.uptime7d)} />
            <Stat label="Uptime 30 days" value={formatUptime(h.uptime30d)} />
            <Stat label="Latency p50" value={h.latencyP50Ms === null ? "no data" : `${h.latencyP50Ms} ms`} />
            <Stat label="Latency p95" value={h.latencyP95Ms === null ? "no data" : `${h.latencyP95Ms} ms`} />
            <Stat label="Last probe" value={h.lastProbedAt ? formatDateTime(h.lastProbedAt) : "never"} />
          </dl>
          <div className="space-y-2">
            <h3 className="font-semibold">Uptime per day (30 days)</h3>
            <UptimeStrip days={data.days} />
          </div>
          {data.totalProbes > 0 && <LatencyChart days={data.days} />}
          <div className="space-y-2">
            <h3 className="font-semibold">x402 conformance</h3>
            <p className="text-sm text-slate-600">
              {h.offersConformant} of {h.offersProbed} probed offer{h.offersProbed === 1 ? "" : "s"} conformant at their
              last answered probe.
            </p>
            <ConformanceChecklist offers={Object.entries(data.offers)} offerLabel={offerLabel} />
          </div>
        </>
      )}
      <div className="space-y-2">
        <h3 className="font-semibold">Payment-terms changes</h3>
        <TermsChangeHistory changes={data.termsChanges} probed={h.state !== "unprobed"} />
      </div>
    </section>
  );
}
