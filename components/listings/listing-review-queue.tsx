"use client";
// The operators' section of the moderation page: providers' listings waiting for review, oldest
// first: the submitted revision's record, each URL's probe verdict, each payee proven or not, what
// approving would change in the catalog (for a listing approved before), and approve / reject with a
// reason. Everything a provider wrote is rendered as React text (never as HTML). A decided listing
// stays shown, marked, until the next load, so the list does not jump.
import { AlreadyListed } from "@/components/providers/already-listed";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/orders/format-date-time";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";
import type { CatalogDiff, ReviewQueueItem } from "@/server/listings/review-queue-schema";

export const REVIEW_QUEUE_PAGE = 20;
const REASON_MAX = 1000;

export function ListingReviewQueue() {
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const queue = useQuery(trpc.listingReview.queue.queryOptions({ limit: REVIEW_QUEUE_PAGE, cursor }));
  return (
    <section aria-labelledby="listings-heading" className="space-y-3" data-testid="listing-review-queue">
      <h2 id="listings-heading" className="text-xl font-semibold">
        Listings waiting for review
      </h2>
      <p className="text-sm text-slate-600">
        Providers&apos; self-serve listings, oldest submit first. Approving writes the submitted revision into the
        catalog (search, shortlist and discovery within seconds); a listing with unproven payees can be approved and
        says so on its record. Rejecting needs a reason the provider will read.
      </p>
      {queue.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the listings waiting for review…
        </p>
      ) : queue.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{errorMessage(queue.error, "Could not load the listings waiting for review.")}</p>
          <button type="button" onClick={() => void queue.refetch()} className="mt-2 font-medium underline">
            Try again
          </button>
        </div>
      ) : queue.data.listings.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No listing is waiting for review.
        </p>
      ) : (
        <>
          <ol className="space-y-3" aria-label="Listings waiting for review, oldest first">
            {queue.data.listings.map((l) => (
              <li key={`${l.listingId}:${l.revision}`}>
                <ListingCard item={l} />
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-3 text-sm">
            {cursors.length > 1 && (
              <button type="button" className="underline" onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous page
              </button>
            )}
            {queue.data.nextCursor && (
              <button
                type="button"
                className="underline"
                onClick={() => setCursors((c) => [...c, queue.data.nextCursor ?? undefined])}
              >
                Next page
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

const OUTCOMES = {
  offer: "a 402 with readable terms",
  refused: "refused (the marketplace may not call this address)",
  unreachable: "unreachable",
  not_402: "answered without asking for payment",
  unreadable_402: "a 402 without readable terms",
} as const;

function ListingCard({ item: l }: { item: ReviewQueueItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const done = () => void queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
  const approve = useMutation(trpc.listingReview.approve.mutationOptions({ onSuccess: done }));
  const reject = useMutation(trpc.listingReview.reject.mutationOptions({ onSuccess: done }));
  const decided = approve.data ?? reject.data;
  const pending = approve.isPending || reject.isPending;
  const failure = approve.error ?? reject.error;
  const d = l.draft;
  const reasonId = `reason-${l.listingId}`;
  const trimmed = reason.trim();
  return (
    <article
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      aria-label={`Listing ${d.name}, revision ${l.revision}`}
      data-testid="listing-review"
    >
      <p className="font-medium break-words text-slate-900">{d.name}</p>
      <p className="mt-0.5 text-xs text-slate-700">
        Revision {l.revision} · submitted {formatDateTime(l.submittedAt)} · {d.primaryCapability ?? "no capability"}
        {d.capabilityGuessed ? " (guessed)" : ""}
        {l.diff ? " · approved before" : " · new"}
      </p>
      {d.description && <p className="mt-2 break-words whitespace-pre-line text-slate-800">{d.description}</p>}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Website</dt>
        <dd className="break-all">{d.website ?? "not given"}</dd>
        <dt className="font-semibold">Docs</dt>
        <dd className="break-all">{d.docsUrl ?? "not given"}</dd>
        <dt className="font-semibold">Tags</dt>
        <dd className="break-words">{d.tags.length ? d.tags.join(", ") : "none"}</dd>
        {d.facts.length > 0 && (
          <>
            <dt className="font-semibold">Facts</dt>
            <dd>
              <ul className="list-disc pl-4">
                {d.facts.map((f, i) => (
                  <li key={i} className="break-words">
                    {f.text} <span className="break-all text-slate-600">({f.source})</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-700 uppercase">Probe verdicts</h3>
      <ul className="mt-1 space-y-1 text-xs">
        {l.probes.map((p, i) => (
          <li key={i} className="break-words">
            <span className="font-mono break-all">{p.url}</span>: {OUTCOMES[p.outcome]}
            {p.verdict && `, ${p.verdict.replace("_", "-")}`}
            {p.status !== null && ` (HTTP ${p.status})`}
            {p.bazaar && ", bazaar extension"}
            {p.failedChecks.length > 0 && `; failed: ${p.failedChecks.map((f) => CONFORMANCE_CHECK_TEXT[f]).join(" ")}`}
            {p.detail && `; ${p.detail}`}
          </li>
        ))}
      </ul>
      <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-700 uppercase">Offers and payees</h3>
      <ul className="mt-1 space-y-1 text-xs">
        {d.offers.map((o, i) => (
          <li key={i} className="break-words">
            <span className="font-mono break-all">
              {o.method} {o.resourceUrl}
            </span>{" "}
            · {o.priceUsd !== null ? `${o.priceUsd} USD` : `${o.priceAtomic} atomic units`} · {o.network}
          </li>
        ))}
      </ul>
      <ul className="mt-1 space-y-1 text-xs" aria-label="Payees">
        {l.payees.map((p) => (
          <li key={p.payTo} className="break-all">
            <span className="font-mono">{p.payTo}</span>:{" "}
            {p.payeeVerified ? (
              <span className="font-semibold text-emerald-800">
                proven{p.verifiedAt ? ` ${formatDateTime(p.verifiedAt)}` : ""}
              </span>
            ) : (
              <span className="font-semibold text-amber-800">not proven</span>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-2">
        <AlreadyListed twins={l.alreadyListed} audience="operator" />
      </div>
      {l.diff && <DiffTable diff={l.diff} />}
      {l.decisions.length > 0 && (
        <p className="mt-2 text-xs text-slate-700">
          Earlier:{" "}
          {l.decisions.map((x) => `revision ${x.revision} ${x.decision}${x.reason ? ` (${x.reason})` : ""}`).join("; ")}
        </p>
      )}
      {decided ? (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          Revision {decided.revision} {decided.decision} {formatDateTime(decided.decidedAt)}
          {decided.decision === "approved" && decided.serviceSlug && (
            <>
              {": "}
              <Link href={`/services/${decided.serviceSlug}`} className="underline">
                its service page
              </Link>
              {decided.payeeVerified ? " (payee verified)" : " (payee not verified)"}
            </>
          )}
          .
        </p>
      ) : (
        <div className="mt-3 space-y-2">
          <label htmlFor={reasonId} className="block text-xs font-semibold">
            Reason (required to reject, at most {REASON_MAX} characters)
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            className="w-full rounded-md border border-slate-300 p-2 text-sm"
          />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              disabled={pending}
              onClick={() =>
                approve.mutate({
                  listingId: l.listingId,
                  revision: l.revision,
                  ...(trimmed ? { reason: trimmed } : {}),
                })
              }
              className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:bg-slate-500"
            >
              {approve.isPending ? "Approving…" : "Approve"}
            </button>
            <button
              type="button"
              disabled={pending || trimmed === ""}
              onClick={() => reject.mutate({ listingId: l.listingId, revision: l.revision, reason: trimmed })}
              className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:border-slate-300 disabled:text-slate-500"
            >
              {reject.isPending ? "Rejecting…" : "Reject"}
            </button>
            {failure && (
              <span role="alert" className="text-sm text-red-700">
                {errorMessage(failure, "Could not record the decision. Please try again.")}
              </span>
            )}
          </div>
        </div>
      )}
    </article>
  );
}

function DiffTable({ diff }: { diff: CatalogDiff }) {
  const rows = [
    ...diff.fields.map((f) => ({ what: f.field, before: f.before, after: f.after })),
    ...diff.offers.flatMap((o) =>
      o.change === "changed"
        ? o.fields.map((f) => ({
            what: `${o.method} ${o.path}: ${f.field}`,
            before: f.before,
            after: f.after,
          }))
        : [
            {
              what: `${o.method} ${o.path}`,
              before: o.change === "added" ? "(none)" : "listed",
              after: o.change === "added" ? "added" : "(removed)",
            },
          ],
    ),
  ];
  return (
    <div className="mt-3">
      <h3 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
        Changes against the catalog record ({diff.serviceSlug})
      </h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-xs text-slate-700">No change to the catalog record.</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Catalog record and submitted revision</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">
                  Field
                </th>
                <th scope="col" className="pr-2">
                  Catalog
                </th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="align-top">
                  <th scope="row" className="pr-2 font-mono font-normal break-all">
                    {r.what}
                  </th>
                  <td className="pr-2 break-all">{r.before}</td>
                  <td className="break-all">{r.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
