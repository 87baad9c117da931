"use client";
// Wallets on the account page: the ones attached (address, since when, their active sign-in tokens
// and reviews) and attaching one by signing a fresh sign-in challenge (POST /api/auth/wallet/challenge,
// then /attach with the session): with the browser's wallet (personal_sign), or by pasting a
// signature made elsewhere. Attaching makes the wallet's tokens, reviews and comments the account's.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { formatDate } from "@/components/ui/format";
import { connectWallet, injectedWallet, signAs } from "@/components/wallet/eip1193";
import { ErrorMessage, Field, primaryButtonClass, secondaryButtonClass, SuccessMessage } from "./form-parts";
import type { WalletAttach, WalletChallenge } from "@/server/accounts/wallet-sign-in-schema";
import { Section } from "./section";

type Challenge = Pick<WalletChallenge, "message" | "payload" | "expiresAt">;

/** A POST to one of the wallet routes; its answer as the route's schema says (`T`), or the error's sentence. */
async function postJson<T>(
  path: string,
  body: unknown,
): Promise<{ ok: true; body: T } | { ok: false; message: string }> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    const answer: unknown = await res.json().catch(() => ({}));
    if (res.ok) return { ok: true, body: answer as T };
    const message = (answer as { message?: unknown }).message;
    return { ok: false, message: typeof message === "string" ? message : `The marketplace answered ${res.status}.` };
  } catch {
    return { ok: false, message: "The marketplace could not be reached. Try again." };
  }
}

/** personal_sign takes the message as hex of its UTF-8 bytes (EIP-1193 wallets expect it so). */
const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`;

const attachedText = (a: { tokens: number; reviews: number; comments: number }) =>
  `Wallet attached. It brought ${a.tokens} token${a.tokens === 1 ? "" : "s"}, ${a.reviews} review${a.reviews === 1 ? "" : "s"} and ${a.comments} comment${a.comments === 1 ? "" : "s"} to your account.`;

export function WalletManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: wallets } = useSuspenseQuery(trpc.account.wallets.queryOptions());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Challenge | null>(null);

  async function attach(challenge: Challenge, signature: string) {
    const answer = await postJson<WalletAttach>("/api/auth/wallet/attach", {
      payload: { ...challenge.payload, signature },
    });
    if (!answer.ok) return setError(answer.message);
    setPending(null);
    setDone(attachedText(answer.body.attached));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.account.wallets.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.account.tokens.list.queryKey() }),
    ]);
  }

  async function challengeFor(address: string): Promise<Challenge | null> {
    const answer = await postJson<WalletChallenge>("/api/auth/wallet/challenge", { address });
    if (!answer.ok) {
      setError(answer.message);
      return null;
    }
    return answer.body;
  }

  async function withBrowserWallet() {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      const wallet = injectedWallet();
      const connected = await connectWallet(wallet);
      if (!connected.ok) return setError(connected.message);
      const address = connected.accounts[0]!;
      const challenge = await challengeFor(address);
      if (!challenge) return;
      const signed = await signAs(wallet, address, "the account the challenge names", "personal_sign", (a) => [
        utf8Hex(challenge.message),
        a,
      ]);
      if (!signed.ok) return setError(signed.message);
      await attach(challenge, signed.signature);
    } finally {
      setBusy(false);
    }
  }

  async function onAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      setPending(await challengeFor(String(new FormData(event.currentTarget).get("walletAddress")).trim()));
    } finally {
      setBusy(false);
    }
  }

  async function onSignature(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) return;
    setError(null);
    setBusy(true);
    try {
      await attach(pending, String(new FormData(event.currentTarget).get("walletSignature")).trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section
      id="wallets"
      title="Wallets"
      description={
        <>
          An agent can sign in with its wallet alone and get a token (
          <a className="text-indigo-700 underline" href="/docs/reference/accounts#createWalletToken">
            wallet sign-in
          </a>
          ). Attach such a wallet here by signing a fresh challenge with it: its tokens, and their reviews and comments,
          become your account&apos;s, and a provider&apos;s receipt paid by it can back your agents&apos; reviews.
        </>
      }
    >
      <div className="space-y-4">
        {error && <ErrorMessage>{error}</ErrorMessage>}
        {done && <SuccessMessage>{done}</SuccessMessage>}
        {wallets.length === 0 ? (
          <p className="text-sm text-slate-600">No wallet attached.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your wallets">
            {wallets.map((w) => (
              <li key={w.address} className="space-y-1 p-3 text-sm">
                <code className="break-all font-mono text-slate-900">{w.address}</code>
                <p className="text-slate-600">
                  {w.attachedAt ? `Attached ${formatDate(Date.parse(w.attachedAt))}` : "Attached"} · {w.activeTokens}{" "}
                  active token{w.activeTokens === 1 ? "" : "s"} · {w.reviews} review{w.reviews === 1 ? "" : "s"}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void withBrowserWallet()}>
            {busy ? "Waiting for the wallet…" : "Attach the wallet in this browser"}
          </button>
        </div>
        <form onSubmit={onAddress} className="flex flex-wrap items-end gap-3" aria-label="Attach a wallet by address">
          <div className="min-w-0 flex-1 basis-72">
            <Field
              id="walletAddress"
              label="Or sign elsewhere: the wallet's address"
              hint="0x and 40 hexadecimal digits. You get the message to sign."
              required
              maxLength={42}
              autoComplete="off"
            />
          </div>
          <button type="submit" className={`${secondaryButtonClass} mb-5`} disabled={busy}>
            Get the message to sign
          </button>
        </form>
        {pending && (
          <form onSubmit={onSignature} className="space-y-3" aria-label="Paste the wallet's signature">
            <p className="text-sm text-slate-700">
              Sign this message with the wallet (EIP-191 personal_sign: <code>cast wallet sign</code>, viem&apos;s{" "}
              <code>signMessage</code>) before {formatDate(Date.parse(pending.expiresAt))}, then paste the signature.
            </p>
            <pre
              tabIndex={0}
              data-testid="wallet-challenge-message"
              className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 text-xs text-slate-100"
            >
              {pending.message}
            </pre>
            <Field
              id="walletSignature"
              label="Signature"
              hint="0x and 130 hexadecimal digits."
              required
              autoComplete="off"
            />
            <button type="submit" className={primaryButtonClass} disabled={busy}>
              Attach the wallet
            </button>
          </form>
        )}
      </div>
    </Section>
  );
}
