"use client";
// The owner's listings: status, submitted revision, probe verdicts and when, payees proven or not,
// the operators' decision and the catalog service it became, what happened to it since (probes, tests,
// calls, reviews), each linked to its edit view.
import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/components/orders/format-date-time";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { ListingActivitySummary } from "./listing-activity";
import { ListingOutcome } from "./listing-outcome";
import { statusText, statusTone } from "./listing-words";

export function ListingList() {
  const trpc = useTRPC();
  const { data: listings } = useSuspenseQuery(trpc.listings.mine.queryOptions());
  if (listings.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No listings yet.{" "}
        <Link href="/providers/new" className="font-medium text-indigo-700 underline">
          List an API
        </Link>
      </p>
    );
  return (
    <ul className="space-y-3" aria-label="Your listings">
      {listings.map((l) => {
        const offers = l.probes.filter((p) => p.outcome === "offer").length;
        const lastProbe = l.probes
          .map((p) => p.probedAt)
          .sort()
          .at(-1);
        const proven = l.payees.filter((p) => p.payeeVerified).length;
        return (
          <li
            key={l.id}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="listing-row"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Link href={`/providers/${l.id}`} className="min-w-0 break-words font-semibold text-indigo-700 underline">
                {l.draft.name}
              </Link>
              <Badge tone={statusTone(l.status)}>{statusText(l.status)}</Badge>
            </div>
            <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-600">Submitted</dt>
              <dd>
                {l.submittedAt ? (
                  <>
                    revision {l.revision}, <time dateTime={l.submittedAt}>{formatDateTime(l.submittedAt)}</time>
                  </>
                ) : (
                  "not yet"
                )}
              </dd>
              <dt className="text-slate-600">Probes</dt>
              <dd>
                {offers} of {l.probes.length} URL(s) gave an offer
                {lastProbe && (
                  <>
                    , probed <time dateTime={lastProbe}>{formatDateTime(lastProbe)}</time>
                  </>
                )}
              </dd>
              <dt className="text-slate-600">Payees</dt>
              <dd>{l.payees.length === 0 ? "none" : `${proven} of ${l.payees.length} proven`}</dd>
            </dl>
            <div className="mt-1">
              <ListingOutcome listing={l} />
              {l.service && <ListingActivitySummary id={l.id} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
