"use client";
// The operators' section of the moderation page: payment-terms changes the probes found and nobody
// resolved yet, oldest first, each with the catalogued and observed terms and the latest probe as
// evidence. "Confirm new terms" makes the offer adopt the observed terms (server/probes/confirm-terms.ts);
// a confirmed change stays listed, marked, until the next load, so the list does not jump.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/orders/format-date-time";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";
import type { OpenTermsChange } from "@/server/probes/open-terms-changes";
import { TERMS_FIELD_LABELS, TermsChangeTable } from "./terms-change-history";

const VERDICTS = { conformant: "conformant", non_conformant: "non-conformant", unreachable: "unreachable" } as const;

export function OpenTermsChanges() {
  const trpc = useTRPC();
  const { data: changes } = useSuspenseQuery(trpc.moderation.termsChanges.queryOptions());
  return (
    <section aria-labelledby="terms-heading" className="space-y-3" data-testid="open-terms-changes">
      <h2 id="terms-heading" className="text-xl font-semibold">
        Payment-terms changes
      </h2>
      <p className="text-sm text-slate-600">
        A probe saw an offer&apos;s 402 state terms other than the catalogue&apos;s. A changed payee, network or asset
        stops routing until you confirm the new terms (or the listing is re-imported); a price change alone is shown,
        not blocking. Confirming makes the offer take the observed terms.
      </p>
      {changes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No open payment-terms change.
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Open payment-terms changes, oldest first">
          {changes.map((c) => (
            <li key={c.id}>
              <TermsChangeCard change={c} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TermsChangeCard({ change: c }: { change: OpenTermsChange }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmedAt, setConfirmedAt] = useState<string | null>(null);
  const confirm = useMutation(
    trpc.moderation.confirmTerms.mutationOptions({
      onSuccess: (done) => {
        setConfirmedAt(done.change.resolvedAt);
        // The service page shows the adopted terms and the resolved change on its next read.
        void queryClient.invalidateQueries({ queryKey: trpc.catalog.health.queryKey({ slug: c.service.slug }) });
        void queryClient.invalidateQueries({ queryKey: trpc.catalog.profile.queryKey({ slug: c.service.slug }) });
      },
    }),
  );
  const offer = `${c.offer.method} ${c.offer.path}`;
  const p = c.latestProbe;
  return (
    <article
      className={`rounded-lg border p-4 text-sm ${c.blocking && !confirmedAt ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
      aria-label={`${c.service.name}: ${offer}`}
      data-testid="terms-change"
    >
      <p className="font-medium text-slate-900">
        <Link href={`/services/${c.service.slug}`} className="underline">
          {c.service.name}
        </Link>{" "}
        · <span className="font-mono break-all">{offer}</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-700">
        {c.fields.map((f) => TERMS_FIELD_LABELS[f]).join(", ")} changed · seen {formatDateTime(c.detectedAt)} ·{" "}
        {c.blocking ? <span className="font-semibold text-red-800">routing stopped</span> : "price only, still routed"}
      </p>
      <div className="mt-2">
        <TermsChangeTable change={c} caption={`Catalogued and observed terms of ${c.service.name} ${offer}`} />
      </div>
      <p className="mt-2 text-xs text-slate-700">
        {p ? (
          <>
            Latest probe {formatDateTime(p.probedAt)}: {VERDICTS[p.verdict]}
            {p.status !== null && ` (HTTP ${p.status})`}
            {p.detail && `, ${p.detail}`}
            {p.failedChecks.length > 0 && (
              <>
                {"; failed: "}
                {p.failedChecks.map((f) => CONFORMANCE_CHECK_TEXT[f]).join(" ")}
              </>
            )}
          </>
        ) : (
          "No probe recorded for this offer."
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={confirmedAt !== null || confirm.isPending}
          onClick={() => confirm.mutate({ changeId: c.id })}
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:bg-slate-500"
          aria-label={confirmedAt ? `New terms confirmed: ${offer}` : `Confirm new terms: ${c.service.name} ${offer}`}
        >
          {confirmedAt ? "New terms confirmed" : confirm.isPending ? "Confirming…" : "Confirm new terms"}
        </button>
        {confirmedAt && (
          <span role="status" className="text-sm text-emerald-800">
            Confirmed {formatDateTime(confirmedAt)}: the offer now uses the observed terms
            {c.blocking ? " and is routed again" : ""}.
          </span>
        )}
        {confirm.isError && (
          <span role="alert" className="text-sm text-red-700">
            {errorMessage(confirm.error, "Could not confirm the new terms. Please try again.")}
          </span>
        )}
      </div>
    </article>
  );
}
