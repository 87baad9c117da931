import type { OfferRecord } from "@/server/catalog/service-record";
import { formatUsd } from "@/components/ui/format";
import { OfferHealthLine } from "./health/offer-health-line";

export function OfferTable({ offers }: { offers: OfferRecord[] }) {
  return (
    <div className="space-y-4">
      {offers.map((o) => (
        <article
          key={o.id}
          className="rounded-lg border border-slate-200 bg-white p-4"
          aria-labelledby={`offer-${o.id}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            {/* Path and badges wrap (a long path breaks anywhere) so a phone never scrolls sideways. */}
            <h3 id={`offer-${o.id}`} className="min-w-0 font-mono text-sm">
              <span
                className={`mr-2 rounded px-1.5 py-0.5 text-xs font-bold ${o.method === "GET" ? "bg-emerald-100 text-emerald-900" : "bg-sky-100 text-sky-900"}`}
              >
                {o.method}
              </span>
              <span className="break-all">{o.path}</span>{" "}
              <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 font-sans text-xs font-medium whitespace-nowrap text-slate-700">
                {o.protocol === "mpp" ? "MPP" : o.protocol}
              </span>
            </h3>
            <span className="text-sm font-semibold">
              {formatUsd(o.priceUsd)} <span className="font-normal text-slate-600">per {o.unitType}</span>
              {o.dynamicPrice && <span className="ml-1 text-xs font-normal text-amber-800">(dynamic)</span>}
            </span>
          </div>
          <p className="mt-2 text-sm text-slate-700">{o.description}</p>
          <p className="mt-1 text-xs text-slate-600">
            {o.observed.calls30d > 0
              ? `Through the marketplace: ${o.observed.calls30d} call${o.observed.calls30d === 1 ? "" : "s"} in 30 days` +
                (o.observed.successRate !== null ? ` · ${Math.round(o.observed.successRate * 100)}% answered` : "") +
                (o.observed.p50LatencyMs !== null ? ` · median ${o.observed.p50LatencyMs} ms` : "")
              : "No calls through the marketplace in 30 days"}
            {!o.routedByMarketplace && " · The marketplace cannot route calls to this offer"}
          </p>
          <OfferHealthLine health={o.health} />
          <dl className="mt-3 grid grid-cols-1 gap-2 text-sm">
            <div>
              <dt className="font-medium text-slate-600">Provider&apos;s URL</dt>
              <dd className="break-all font-mono text-xs">{`${o.providerUrl}${o.path}`}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Call URL (through the marketplace)</dt>
              <dd className="break-all font-mono text-xs">{o.callUrl}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Quickstart</dt>
              <dd>
                <pre tabIndex={0} className="mt-1 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
                  <code>{o.quickstart}</code>
                </pre>
              </dd>
            </div>
          </dl>
        </article>
      ))}
    </div>
  );
}
