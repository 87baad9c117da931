// The injected EIP-1193 wallet of a page (window.ethereum), as the account page (attaching a wallet
// with a personal_sign of a sign-in challenge) and the provider pages (proving a payee with
// eth_signTypedData_v4) ask it: eth_requestAccounts first (the wallet asks the person to connect),
// the signing account one of those connected (a wallet asked to sign for another address refuses
// with an opaque error, so that is said plainly before it is asked), and failures as a sentence for
// the person. Nothing here throws.

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The injected wallet of this page, if any. */
export const injectedWallet = (): Eip1193Provider | undefined => {
  const ethereum = (globalThis as { ethereum?: unknown }).ethereum;
  return ethereum && typeof (ethereum as Eip1193Provider).request === "function"
    ? (ethereum as Eip1193Provider)
    : undefined;
};

export type WalletSignature = { ok: true; signature: string } | { ok: false; message: string };
export type WalletAccounts = { ok: true; accounts: string[] } | { ok: false; message: string };

// EIP-1193 provider errors (and EIP-1474's "request already pending"): the ones a person can act on.
const errorText: Record<number, string> = {
  4001: "You declined the request in your wallet. Nothing was signed.",
  4100: "Your wallet did not allow this site to use that account. Connect the account and try again.",
  4200: "Your wallet cannot make this kind of signature. Sign elsewhere and paste the signature.",
  4900: "Your wallet is not connected to any network. Connect it and try again.",
  [-32002]: "Your wallet already has a request waiting: open it and answer that first.",
};

export function walletError(err: unknown): string {
  // A wallet's error is any value (its getters may throw too): read defensively.
  try {
    const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
    if (typeof code === "number" && errorText[code]) return errorText[code];
    const message =
      typeof err === "object" && err !== null && typeof (err as { message?: unknown }).message === "string"
        ? (err as { message: string }).message
        : String(err);
    return `The wallet did not sign: ${message.slice(0, 300)}`;
  } catch {
    return "The wallet did not sign, and its error could not be read.";
  }
}

const isAddressList = (v: unknown): v is string[] => Array.isArray(v) && v.every((a) => typeof a === "string");

/** The accounts the person connects (eth_requestAccounts). */
export async function connectWallet(wallet: Eip1193Provider | undefined): Promise<WalletAccounts> {
  if (!wallet)
    return { ok: false, message: "No browser wallet found on this page. Sign elsewhere and paste the signature." };
  try {
    const accounts = await wallet.request({ method: "eth_requestAccounts" });
    if (!isAddressList(accounts) || accounts.length === 0)
      return { ok: false, message: "Your wallet connected no account. Unlock it, connect an account and try again." };
    return { ok: true, accounts };
  } catch (err) {
    return { ok: false, message: walletError(err) };
  }
}

/**
 * Asks `wallet` to sign with `account` (`method` and `params` as EIP-1193 names them), once
 * `account` is among the connected ones; `who` names the account in the message when it is not.
 */
export async function signAs(
  wallet: Eip1193Provider | undefined,
  account: string,
  who: string,
  method: "personal_sign" | "eth_signTypedData_v4",
  params: (connected: string) => unknown[],
): Promise<WalletSignature> {
  const connected = await connectWallet(wallet);
  if (!connected.ok) return connected;
  const match = connected.accounts.find((a) => a.toLowerCase() === account.toLowerCase());
  if (!match)
    return {
      ok: false,
      message: `Your wallet's account ${connected.accounts[0]} is not ${who} (${account}). Switch to that account in your wallet and try again.`,
    };
  try {
    const signature = await wallet!.request({ method, params: params(match) });
    if (typeof signature !== "string" || !/^0x([0-9a-fA-F]{2})+$/.test(signature))
      return { ok: false, message: "The wallet answered no signature." };
    return { ok: true, signature };
  } catch (err) {
    return { ok: false, message: walletError(err) };
  }
}
