// A browser wallet for e2e pages: an EIP-1193 provider injected as window.ethereum, whose answers
// (and signatures, with viem) are made in the test process.
import type { Page } from "@playwright/test";
import type { PrivateKeyAccount } from "viem/accounts";

interface WalletCall {
  method: string;
  params: unknown[];
}

/**
 * A browser wallet in `page`: window.ethereum with EIP-1193's request({ method, params }), answered
 * here in the test process as a standard wallet would (MetaMask's method names and errors): its one
 * account is `account`, eth_signTypedData_v4 takes [address, JSON string] and personal_sign
 * [hex of the message's UTF-8, address], and viem signs. With `rejectNext` set, the next signing
 * request is refused as a person's "Reject" (code 4001).
 */
export async function injectWallet(page: Page, account: PrivateKeyAccount) {
  const wallet = { calls: [] as WalletCall[], rejectNext: false };
  const answer = async (method: string, params: unknown[]) => {
    wallet.calls.push({ method, params });
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return { result: [account.address] };
      case "eth_chainId":
        return { result: "0x14a34" };
      case "eth_signTypedData_v4": {
        const [address, json] = params;
        if (typeof address !== "string" || typeof json !== "string")
          return { error: { code: -32602, message: "Invalid params: [address, typed data as a JSON string]" } };
        if (address.toLowerCase() !== account.address.toLowerCase())
          return { error: { code: 4100, message: "The requested account has not been authorized by the user." } };
        if (wallet.rejectNext) {
          wallet.rejectNext = false;
          return { error: { code: 4001, message: "User rejected the request." } };
        }
        return { result: await account.signTypedData(JSON.parse(json)) };
      }
      case "personal_sign": {
        const [data, address] = params;
        if (typeof data !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(data) || typeof address !== "string")
          return { error: { code: -32602, message: "Invalid params: [hex data, address]" } };
        if (address.toLowerCase() !== account.address.toLowerCase())
          return { error: { code: 4100, message: "The requested account has not been authorized by the user." } };
        if (wallet.rejectNext) {
          wallet.rejectNext = false;
          return { error: { code: 4001, message: "User rejected the request." } };
        }
        return { result: await account.signMessage({ message: { raw: data as `0x${string}` } }) };
      }
      default:
        return { error: { code: 4200, message: `The wallet does not support ${method}.` } };
    }
  };
  await page.exposeFunction("__e2eWalletAnswer", answer);
  await page.addInitScript(() => {
    type Answer = { result?: unknown; error?: { code: number; message: string } };
    const call = (window as unknown as { __e2eWalletAnswer: (m: string, p: unknown[]) => Promise<Answer> })
      .__e2eWalletAnswer;
    Object.defineProperty(window, "ethereum", {
      configurable: true,
      value: {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const { result, error } = await call(method, params ?? []);
          if (error) throw Object.assign(new Error(error.message), { code: error.code });
          return result;
        },
      },
    });
  });
  return wallet;
}
