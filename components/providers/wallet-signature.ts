// Signing a payee challenge with an injected EIP-1193 wallet (window.ethereum), as a standard wallet
// expects it: eth_requestAccounts first (the wallet asks the person to connect), then
// eth_signTypedData_v4 with [address, typed data as a JSON string] from the payee's own account. The
// payee must be one of the connected accounts: a wallet asked to sign for another address refuses
// with an opaque error, so that is said plainly before it is asked. The typed data has no chainId
// (the proof binds the marketplace's origin, not a chain), so the wallet signs on whatever chain it
// is on and no chain check or switch is needed. Failures come back as a sentence for the person.
import type { PayeeTypedData } from "@/server/listings/payee-proof-schema";

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

// EIP-1193 provider errors (and EIP-1474's "request already pending"): the ones a person can act on.
const errorText: Record<number, string> = {
  4001: "You declined the request in your wallet. Nothing was signed.",
  4100: "Your wallet did not allow this site to use that account. Connect the payee's account and try again.",
  4200: "Your wallet cannot sign EIP-712 typed data (eth_signTypedData_v4). Sign elsewhere and paste the signature.",
  4900: "Your wallet is not connected to any network. Connect it and try again.",
  [-32002]: "Your wallet already has a request waiting: open it and answer that first.",
};

function walletError(err: unknown): string {
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

/** Asks `wallet` to sign `typedData` as `payee`; never throws. */
export async function signWithWallet(
  wallet: Eip1193Provider | undefined,
  payee: string,
  typedData: PayeeTypedData,
): Promise<WalletSignature> {
  if (!wallet)
    return { ok: false, message: "No browser wallet found on this page. Sign elsewhere and paste the signature." };
  try {
    const accounts = await wallet.request({ method: "eth_requestAccounts" });
    if (!isAddressList(accounts) || accounts.length === 0)
      return {
        ok: false,
        message: "Your wallet connected no account. Unlock it, connect the payee's account and try again.",
      };
    const account = accounts.find((a) => a.toLowerCase() === payee.toLowerCase());
    if (!account)
      return {
        ok: false,
        message: `Your wallet's account ${accounts[0]} is not this payee (${payee}). Switch to the payee's account in your wallet and try again.`,
      };
    const signature = await wallet.request({
      method: "eth_signTypedData_v4",
      params: [account, JSON.stringify(typedData)],
    });
    if (typeof signature !== "string" || !/^0x([0-9a-fA-F]{2})+$/.test(signature))
      return { ok: false, message: "The wallet answered no signature." };
    return { ok: true, signature };
  } catch (err) {
    return { ok: false, message: walletError(err) };
  }
}
