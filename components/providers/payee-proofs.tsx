"use client";
// The listing's payees and the proof of each: "Prove" asks for the EIP-712 challenge and shows its
// typed data (copyable JSON). A browser wallet (an injected EIP-1193 provider, window.ethereum) can
// sign it (./wallet-signature.ts); otherwise the signature made elsewhere is pasted.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/account/form-parts";
import { formatDateTime } from "@/components/orders/format-date-time";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { useMounted } from "@/components/ui/use-mounted";
import type { ListingPayee, ListingView } from "@/server/listings/listing-schema";
import type { PayeeTypedData } from "@/server/listings/payee-proof-schema";
import { fieldIssues } from "./field-issues";
import { injectedWallet, signWithWallet } from "./wallet-signature";

/** A sandbox payee's key is public by design: say so, and how to sign with it offline. */
function SandboxKey({ sandboxKey }: { sandboxKey: string }) {
  const snippet = `import { privateKeyToAccount } from "viem/accounts";\nconst typedData = /* the typed data above */;\nconsole.log(await privateKeyToAccount("${sandboxKey}").signTypedData(typedData));`;
  return (
    <div
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800"
      data-testid="sandbox-key"
    >
      <p>
        This payee belongs to the marketplace&apos;s sandbox world. Its private key is public by design (only test USDC
        on the local ledger is ever paid to it): sha256 of <code>sandbox-payee:&lt;slug&gt;</code>, here
      </p>
      <code className="block break-all rounded bg-white p-2 font-mono text-xs ring-1 ring-amber-200">{sandboxKey}</code>
      <p>Sign the typed data with it, for example with viem, and paste the signature below:</p>
      <pre
        className="overflow-auto whitespace-pre rounded bg-white p-2 font-mono text-xs ring-1 ring-amber-200"
        tabIndex={0}
      >
        {snippet}
      </pre>
    </div>
  );
}

function Challenge({
  listingId,
  payee,
  typedData,
  sandboxKey,
}: {
  listingId: string;
  payee: string;
  typedData: PayeeTypedData;
  sandboxKey: string | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mounted = useMounted();
  const json = JSON.stringify(typedData, null, 2);
  const [signature, setSignature] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  // The wallet's refusals show beside its button; the proof's under the signature field.
  const [walletError, setWalletError] = useState<string | null>(null);
  const fieldId = `signature-${payee}`;
  const prove = useMutation(
    trpc.listings.provePayee.mutationOptions({
      onSuccess: (updated) => queryClient.setQueryData(trpc.listings.byId.queryKey({ id: updated.id }), updated),
      onError: (e) => setError(fieldIssues(e).signature ?? errorMessage(e, "The proof could not be checked.")),
    }),
  );
  const send = (sig: string) => {
    setError(null);
    prove.mutate({ id: listingId, payTo: payee, nonce: typedData.message.nonce, signature: sig.trim() });
  };

  async function signInWallet() {
    setError(null);
    setWalletError(null);
    setNote("");
    setSigning(true);
    const signed = await signWithWallet(injectedWallet(), payee, typedData);
    setSigning(false);
    if (!signed.ok) return setWalletError(signed.message);
    setSignature(signed.signature);
    send(signed.signature);
  }

  return (
    <div className="mt-3 space-y-3 rounded-md border border-indigo-200 bg-indigo-50 p-3">
      <p className="text-sm text-slate-800">
        Sign this EIP-712 message with the payee&apos;s key before{" "}
        <time dateTime={typedData.message.expiresAt}>{formatDateTime(typedData.message.expiresAt)}</time> (for example
        with viem&apos;s <code>signTypedData</code> or <code>eth_signTypedData_v4</code>).
      </p>
      <pre
        className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 font-mono text-xs text-slate-900 ring-1 ring-indigo-200"
        aria-label="Typed data to sign"
        data-testid="typed-data"
        tabIndex={0}
      >
        {json}
      </pre>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() =>
            navigator.clipboard.writeText(json).then(
              () => setNote("Copied to the clipboard."),
              () => setNote("Copying failed: select the text and copy it by hand."),
            )
          }
        >
          Copy typed data
        </button>
        {/* Only after hydration: the server cannot know whether this browser has a wallet. */}
        {mounted &&
          (injectedWallet() ? (
            <button
              type="button"
              className={primaryButtonClass}
              onClick={signInWallet}
              disabled={signing || prove.isPending}
            >
              {signing ? "Waiting for the wallet…" : "Sign with wallet"}
            </button>
          ) : (
            <button type="button" className={secondaryButtonClass} disabled>
              No browser wallet found
            </button>
          ))}
      </div>
      {walletError && <ErrorMessage>{walletError}</ErrorMessage>}
      {sandboxKey && <SandboxKey sandboxKey={sandboxKey} />}
      <p aria-live="polite" className="text-sm text-slate-700">
        {note}
      </p>
      <form
        className="space-y-2"
        aria-label={`Send the signature for ${payee}`}
        onSubmit={(e) => {
          e.preventDefault();
          send(signature);
        }}
      >
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          Signature (0x…)
        </label>
        <textarea
          id={fieldId}
          rows={2}
          value={signature}
          onChange={(e) => setSignature(e.target.value)}
          className={`${inputClass} font-mono text-xs`}
          spellCheck={false}
          autoComplete="off"
        />
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <button type="submit" className={primaryButtonClass} disabled={prove.isPending || signature.trim() === ""}>
          {prove.isPending ? "Checking…" : "Send proof"}
        </button>
      </form>
    </div>
  );
}

function PayeeRow({ listingId, payee }: { listingId: string; payee: ListingPayee }) {
  const trpc = useTRPC();
  const [typedData, setTypedData] = useState<PayeeTypedData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const challenge = useMutation(
    trpc.listings.payeeChallenge.mutationOptions({
      onSuccess: setTypedData,
      onError: (e) => setError(errorMessage(e, "No challenge could be made.")),
    }),
  );
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="payee-row" data-payee={payee.payTo}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <code className="break-all font-mono text-xs text-slate-900">{payee.payTo}</code>
        {payee.payeeVerified ? (
          <Badge tone="green">
            Payee verified
            {payee.verifiedAt && (
              <>
                {" "}
                <time dateTime={payee.verifiedAt}>{formatDateTime(payee.verifiedAt)}</time>
              </>
            )}
          </Badge>
        ) : (
          <Badge tone="amber">Not proven</Badge>
        )}
      </div>
      {!payee.payeeVerified && (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-2`}
          disabled={challenge.isPending}
          onClick={() => {
            setError(null);
            challenge.mutate({ id: listingId, payTo: payee.payTo });
          }}
        >
          {typedData ? "New challenge" : "Prove"}
          <span className="sr-only"> {payee.payTo}</span>
        </button>
      )}
      {error && (
        <div className="mt-2">
          <ErrorMessage>{error}</ErrorMessage>
        </div>
      )}
      {typedData && !payee.payeeVerified && (
        <Challenge
          key={typedData.message.nonce}
          listingId={listingId}
          payee={payee.payTo}
          typedData={typedData}
          sandboxKey={payee.sandboxPayeeKey}
        />
      )}
    </li>
  );
}

export function PayeeProofs({ listing }: { listing: ListingView }) {
  if (listing.payees.length === 0) return <p className="text-sm text-slate-600">No offer, so no payee to prove yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Payees">
      {listing.payees.map((p) => (
        <PayeeRow key={p.payTo} listingId={listing.id} payee={p} />
      ))}
    </ul>
  );
}
