// The payment-terms changes the probes saw, newest first: what changed, as catalogued and as the
// provider's 402 now states it, when, and whether routing is stopped until an operator confirms.
import { formatDateTime } from "@/components/orders/format-date-time";
import type { TermsChange } from "@/server/probes/health-schema";
import type { TermsChangeEntry } from "@/server/probes/probe-history";
import { atomicToUsd } from "@/server/money";

export const TERMS_FIELD_LABELS: Record<TermsChange["fields"][number], string> = {
  payTo: "Payee (payTo)",
  network: "Network",
  asset: "Asset",
  price: "Price",
};

type Terms = TermsChange["catalogued"];
/** The value of one changed field, as written (a price as USD as well). */
export function termsValue(terms: Terms, field: TermsChange["fields"][number]): string {
  if (field !== "price") return terms[field] ?? "not stated";
  const a = terms.amountAtomic;
  return a === null ? "not stated" : /^\d{1,18}$/.test(a) ? `$${atomicToUsd(BigInt(a))} (${a} atomic)` : a;
}

export function termsChangeStatus(c: TermsChange): string {
  if (c.resolvedAt === null)
    return c.blocking
      ? "Open: routing stopped until an operator confirms the new terms (or the listing is re-imported)."
      : "Open: a price change, shown here; calls are still routed.";
  return c.resolution === "confirmed"
    ? `Resolved ${formatDateTime(c.resolvedAt)}: an operator confirmed the new terms.`
    : `Resolved ${formatDateTime(c.resolvedAt)}: the listing was re-imported.`;
}

export function TermsChangeTable({ change, caption }: { change: TermsChange; caption: string }) {
  return (
    <div>
      <table className="w-full table-fixed text-left text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Catalogued
            </th>
            <th scope="col" className="py-1 font-medium">
              Observed
            </th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {change.fields.map((f) => (
            <tr key={f} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1 pr-3 font-sans font-medium">
                {TERMS_FIELD_LABELS[f]}
              </th>
              <td className="py-1 pr-3 break-all">{termsValue(change.catalogued, f)}</td>
              <td className="py-1 break-all">{termsValue(change.observed, f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `probed`: whether any offer was probed (without probes, nothing could have been compared). */
export function TermsChangeHistory({ changes, probed }: { changes: TermsChangeEntry[]; probed: boolean }) {
  if (changes.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600" data-testid="terms-none">
        {probed
          ? "No payment-terms change seen: every probe's payee, network and asset matched the catalogue."
          : "No payment-terms change recorded."}
      </p>
    );
  return (
    <ol className="space-y-3" aria-label="Payment-terms changes, newest first" data-testid="terms-history">
      {changes.map((c) => {
        const open = c.resolvedAt === null;
        return (
          <li
            key={c.id}
            className={`rounded-lg border p-4 text-sm ${open && c.blocking ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
          >
            <p className="font-medium text-slate-900">
              {c.fields.map((f) => TERMS_FIELD_LABELS[f]).join(", ")} changed ·{" "}
              <span className="font-mono break-all">
                {c.offer.method} {c.offer.path}
              </span>
            </p>
            <p className="mt-0.5 text-xs text-slate-600">Seen by a probe {formatDateTime(c.detectedAt)}</p>
            <p className={`mt-1 text-sm ${open && c.blocking ? "font-semibold text-red-800" : "text-slate-700"}`}>
              {termsChangeStatus(c)}
            </p>
            <div className="mt-2">
              <TermsChangeTable
                change={c}
                caption={`Catalogued and observed terms of ${c.offer.method} ${c.offer.path}`}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
