// What the operators decided on a listing and what the catalog has of it, for its owner: the latest
// decision with the operator's reason, and for an approved listing its service page, whether it is
// listed, paused or withdrawn, the marketplace's test and the payee check. Text only.
import Link from "next/link";
import { TestStatusBadge } from "@/components/catalog/test-status";
import { formatDateTime } from "@/components/orders/format-date-time";
import type { ListingView } from "@/server/listings/listing-schema";

const STATE_TEXT = {
  listed: "listed",
  paused: "paused (out of search and routing)",
  withdrawn: "withdrawn",
} as const;

export function ListingOutcome({ listing }: { listing: Pick<ListingView, "decisions" | "service"> }) {
  const latest = listing.decisions[0];
  const s = listing.service;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]" data-testid="listing-outcome">
      <dt className="text-slate-600">Review</dt>
      <dd className="break-words">
        {latest ? (
          <>
            revision {latest.revision} {latest.decision}{" "}
            <time dateTime={latest.decidedAt}>{formatDateTime(latest.decidedAt)}</time>
            {latest.reason && <>: {latest.reason}</>}
          </>
        ) : (
          "no decision yet"
        )}
      </dd>
      <dt className="text-slate-600">In the catalog</dt>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {s ? (
          <>
            {s.state === "withdrawn" ? (
              <span>{STATE_TEXT.withdrawn}</span>
            ) : (
              <>
                <Link
                  href={`/services/${encodeURIComponent(s.slug)}`}
                  className="font-medium text-indigo-700 underline"
                >
                  its service page
                </Link>
                <span>{STATE_TEXT[s.state]}</span>
              </>
            )}
            <TestStatusBadge status={s.testStatus} />
            {s.testedAt && (
              <time dateTime={s.testedAt} className="text-slate-600">
                {formatDateTime(s.testedAt)}
              </time>
            )}
            <span>{s.payeeVerified ? "payee verified" : "payee not verified"}</span>
          </>
        ) : (
          "not yet: a revision enters it when an operator approves it"
        )}
      </dd>
    </dl>
  );
}
