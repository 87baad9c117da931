"use client";
// The start of a listing: resource URLs, one per line, within the limits; the created draft opens on
// its own page (its answer goes into the query cache the editor there reads, so it shows at once and
// stays on reload).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ErrorMessage, inputClass, primaryButtonClass } from "@/components/account/form-parts";
import { Section } from "@/components/account/section";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { fieldIssues } from "./field-issues";

export function NewListingForm({
  maxUrls,
  maxListings,
  sandboxOrigin,
}: {
  maxUrls: number;
  maxListings: number;
  sandboxOrigin: string | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.listings.create.mutationOptions({
      onSuccess: (listing) => {
        queryClient.setQueryData(trpc.listings.byId.queryKey({ id: listing.id }), listing);
        void queryClient.invalidateQueries({ queryKey: trpc.listings.mine.queryKey() });
        router.push(`/providers/${listing.id}`);
      },
      onError: (e) => {
        const issues = fieldIssues(e);
        const first = Object.entries(issues)[0];
        setError(first ? first[1] : errorMessage(e, "The listing could not be created."));
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const urls = String(new FormData(event.currentTarget).get("resourceUrls") ?? "")
      .split("\n")
      .map((u) => u.trim())
      .filter((u) => u !== "");
    create.mutate({ resourceUrls: urls });
  }

  return (
    <div className="space-y-6">
      <Section
        id="new-listing"
        title="Resource URLs"
        description={`Paste the URLs of your paid endpoints, one per line (at most ${maxUrls}). The marketplace requests each once, unpaid, over https to public addresses, and reads the x402 terms of its 402 answer. An account has at most ${maxListings} listings.`}
      >
        <form onSubmit={onSubmit} className="space-y-3" aria-label="List an API">
          <label htmlFor="resourceUrls" className="block text-sm font-medium text-slate-800">
            Resource URLs, one per line
          </label>
          <textarea
            id="resourceUrls"
            name="resourceUrls"
            rows={4}
            required
            className={`${inputClass} font-mono text-sm`}
            placeholder="https://api.example.com/v1/forecast"
            spellCheck={false}
            autoComplete="off"
            aria-describedby="resourceUrls-hint"
          />
          <p id="resourceUrls-hint" className="text-xs text-slate-600">
            Absolute http(s) URLs of at most 2000 characters, each once; at most {maxUrls}.
          </p>
          {sandboxOrigin && (
            <p className="text-sm text-slate-700" data-testid="sandbox-hint">
              Trying it offline? Payments settle on the local test ledger here, so the sandbox world&apos;s providers at{" "}
              <code className="break-all">{sandboxOrigin}</code> can be listed too: copy an offer&apos;s URL from any
              service marked Sandbox in the catalog. Their payees&apos; keys are public by design, and the payee step
              shows them.
            </p>
          )}
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <button type="submit" className={primaryButtonClass} disabled={create.isPending}>
            {create.isPending ? "Probing…" : "Create the draft"}
          </button>
        </form>
      </Section>
    </div>
  );
}
