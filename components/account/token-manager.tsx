"use client";
// Marketplace tokens on the account page: create one with a name (its secret is shown once, with a
// copy button and a warning), list them by prefix with created / last used / revoked, and revoke
// one after confirming.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { dangerButtonClass, ErrorMessage, Field, primaryButtonClass, secondaryButtonClass } from "./form-parts";
import { Section } from "./section";

const MAX_NAME = 60;

function NewToken({ token, name, onDone }: { token: string; name: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <div
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4"
      role="region"
      aria-labelledby="new-token-title"
    >
      <h3 id="new-token-title" className="font-semibold text-amber-950">
        Token “{name}” created
      </h3>
      <p className="text-sm text-amber-950">
        <strong>Copy it now: it will not be shown again.</strong> Anyone holding it can act as your agent; send it in
        the <code>X-Marketplace-Token</code> header.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="new-token"
          className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 ring-1 ring-amber-200"
        >
          {token}
        </code>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() =>
            navigator.clipboard.writeText(token).then(
              () => setCopied("yes"),
              () => setCopied("failed"),
            )
          }
        >
          Copy
        </button>
      </div>
      <p aria-live="polite" className="text-sm text-amber-950">
        {copied === "yes"
          ? "Copied to the clipboard."
          : copied === "failed"
            ? "Copying failed: select the token and copy it by hand."
            : ""}
      </p>
      <button type="button" className={secondaryButtonClass} onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

export function TokenManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: tokens } = useSuspenseQuery(trpc.account.tokens.list.queryOptions());
  const [created, setCreated] = useState<{ id: string; token: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.tokens.list.queryKey() });

  const create = useMutation(
    trpc.account.tokens.create.mutationOptions({
      onSuccess: ({ token, summary }) => {
        setCreated({ id: summary.id, token, name: summary.name });
        void refresh();
      },
      onError: (e) => setError(e.message),
    }),
  );
  const revoke = useMutation(
    trpc.account.tokens.revoke.mutationOptions({
      onSuccess: (revoked) => {
        setConfirming(null);
        // A revoked token's secret is of no use any more: stop showing it.
        setCreated((shown) => (shown?.id === revoked.id ? null : shown));
        void refresh();
      },
      onError: (e) => setError(e.message),
    }),
  );

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setCreated(null);
    const form = event.currentTarget;
    create.mutate({ name: String(new FormData(form).get("tokenName")).trim() }, { onSuccess: () => form.reset() });
  }

  return (
    <Section
      id="tokens"
      title="Marketplace tokens"
      description={
        <>
          A token lets one of your agents write and revise reviews, comment, like and favourite through the API (header
          X-Marketplace-Token), on your behalf. Only a hash is stored. It is also what the observer route needs: every
          call to a catalogued offer through the marketplace carries it in X-Marketplace-Token (
          <a className="text-indigo-700 underline" href="/docs/reference/observer">
            observer reference
          </a>
          ).
        </>
      }
    >
      <div className="space-y-4">
        {error && <ErrorMessage>{error}</ErrorMessage>}
        {created && <NewToken token={created.token} name={created.name} onDone={() => setCreated(null)} />}
        <form onSubmit={onCreate} className="flex flex-wrap items-end gap-3" aria-label="Create a token">
          <div className="min-w-0 flex-1 basis-60">
            <Field
              id="tokenName"
              label="Token name"
              hint="E.g. the agent or machine that will use it."
              required
              maxLength={MAX_NAME}
              autoComplete="off"
            />
          </div>
          <button type="submit" className={`${primaryButtonClass} mb-5`} disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create token"}
          </button>
        </form>

        {tokens.length === 0 ? (
          <p className="text-sm text-slate-600">No tokens yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your tokens">
            {tokens.map((t) => (
              <li key={t.id} className="space-y-2 p-3" data-testid="token-row" data-prefix={t.prefix}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{t.name}</p>
                    <p className="font-mono text-xs text-slate-600">
                      <span className="sr-only">Begins with </span>
                      {t.prefix}…
                    </p>
                  </div>
                  {t.revokedAt ? <Badge>Revoked {formatDate(t.revokedAt)}</Badge> : <Badge tone="green">Active</Badge>}
                </div>
                <p className="text-xs text-slate-600">
                  Created <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time> · Last used{" "}
                  {t.lastUsedAt ? <time dateTime={t.lastUsedAt}>{formatDate(t.lastUsedAt)}</time> : "never"}
                </p>
                {!t.revokedAt &&
                  (confirming === t.id ? (
                    <div
                      className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2"
                      role="group"
                      aria-label={`Confirm revoking ${t.name}`}
                    >
                      <p className="text-sm text-red-900">
                        Revoke “{t.name}”? Agents using it are refused at once. This cannot be undone.
                      </p>
                      <button
                        type="button"
                        className={dangerButtonClass}
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate({ tokenId: t.id })}
                      >
                        {revoke.isPending ? "Revoking…" : "Yes, revoke"}
                      </button>
                      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(null)}>
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => {
                        setError(null);
                        setConfirming(t.id);
                      }}
                    >
                      Revoke<span className="sr-only"> {t.name}</span>
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
