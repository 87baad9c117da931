"use client";
// One listing for its owner: status, each URL's probe verdict, the offers, the editable fields, the
// payees with their proofs, and "Submit for review". Reads the listing from the query cache (the page
// loaded it, or the creation answered it), and each change writes its answer back there.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ErrorMessage, primaryButtonClass, SuccessMessage } from "@/components/account/form-parts";
import { Section } from "@/components/account/section";
import { formatDateTime } from "@/components/orders/format-date-time";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { EDITABLE_STATUSES, type ListingStatus } from "@/server/listings/listing-schema";
import { AlreadyListed } from "./already-listed";
import { ListingEditForm } from "./listing-edit-form";
import { ListingMoves } from "./listing-moves";
import { ListingOutcome } from "./listing-outcome";
import { statusText, statusTone } from "./listing-words";
import { OfferList } from "./offer-list";
import { PayeeProofs } from "./payee-proofs";
import { ProbeVerdicts } from "./probe-verdicts";

function SubmitForReview({ id, children }: { id: string; children?: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = useMutation(
    trpc.listings.submit.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.listings.byId.queryKey({ id: updated.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.listings.mine.queryKey() });
        setDone(true);
      },
      onError: (e) => setError(errorMessage(e, "Submitting failed.")),
    }),
  );
  return (
    <div className="space-y-3">
      {children}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {done && <SuccessMessage>Submitted: operators will review this version.</SuccessMessage>}
      <button
        type="button"
        className={primaryButtonClass}
        disabled={submit.isPending}
        onClick={() => {
          setError(null);
          setDone(false);
          submit.mutate({ id });
        }}
      >
        {submit.isPending ? "Submitting…" : "Submit for review"}
      </button>
    </div>
  );
}

export function ListingEditor({ id }: { id: string }) {
  const trpc = useTRPC();
  const { data: listing } = useSuspenseQuery(trpc.listings.byId.queryOptions({ id }));
  const editable = EDITABLE_STATUSES.includes(listing.status as ListingStatus);
  const unproven = listing.payees.filter((p) => !p.payeeVerified).length;
  return (
    <div className="space-y-6" data-testid="listing-editor" data-listing-id={listing.id}>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 break-words text-2xl font-semibold">{listing.draft.name}</h2>
          <Badge tone={statusTone(listing.status)}>
            <span data-testid="listing-status">{statusText(listing.status)}</span>
          </Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Created <time dateTime={listing.createdAt}>{formatDateTime(listing.createdAt)}</time>
          {listing.submittedAt && (
            <>
              {" "}
              · revision {listing.revision} submitted{" "}
              <time dateTime={listing.submittedAt}>{formatDateTime(listing.submittedAt)}</time>
            </>
          )}
        </p>
        <div className="mt-3 space-y-3">
          <ListingOutcome listing={listing} />
          <ListingMoves listing={listing} />
        </div>
      </div>
      <Section id="probes" title="What the probes saw" description="One unpaid request to each URL you gave.">
        <ProbeVerdicts probes={listing.probes} />
      </Section>
      <Section id="offers" title="Offers" description="As your 402 answers state them; they change only with them.">
        <div className="space-y-3">
          <AlreadyListed twins={listing.alreadyListed} audience="owner" />
          <OfferList offers={listing.draft.offers} />
        </div>
      </Section>
      <Section
        id="details"
        title="Details"
        description={
          editable
            ? "What a probe cannot know. Saving a listing that waits for review makes it a draft again."
            : `A listing that is ${statusText(listing.status).toLowerCase()} is not edited here.`
        }
      >
        {editable ? <ListingEditForm listing={listing} /> : null}
      </Section>
      <Section
        id="payees"
        title="Payees"
        description="Prove that you control each address your offers pay: sign the marketplace's EIP-712 message with it."
      >
        <PayeeProofs listing={listing} />
      </Section>
      {editable && (
        <Section
          id="submit"
          title="Submit for review"
          description="Operators review each submitted version before it enters the catalog."
        >
          <SubmitForReview id={listing.id}>
            {unproven > 0 && (
              <p className="text-sm text-amber-900">
                {unproven} payee(s) not proven: the listing can still be reviewed, and says so.
              </p>
            )}
          </SubmitForReview>
        </Section>
      )}
    </div>
  );
}
