// Signing a payee challenge through an EIP-1193 wallet: a fake injected provider that behaves as a
// standard one (eth_requestAccounts, then eth_signTypedData_v4 with [address, JSON string], signing
// with a real viem account) yields a signature the marketplace accepts; the payee's account not
// connected, a person's refusal (4001), a pending request (-32002), a wallet with no account, a
// malformed answer and no wallet at all each come back as a sentence, never a throw.
import type { Hex } from "viem";
import { describe, expect, it } from "vitest";
import { createPerson } from "@/server/reviews/test-actors";
import { getListing } from "@/server/listings/listings";
import { createPayeeChallenge, provePayee } from "@/server/listings/payee-proof";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { signWithWallet, type Eip1193Provider } from "./wallet-signature";

type Account = ReturnType<typeof newPayee>;

/** A wallet as MetaMask and others answer: it checks the params' shapes as they do. */
function fakeWallet(account: Account, calls: { method: string; params?: unknown[] }[] = []): Eip1193Provider {
  return {
    async request({ method, params }) {
      calls.push({ method, params });
      if (method === "eth_requestAccounts" || method === "eth_accounts") return [account.address];
      if (method === "eth_signTypedData_v4") {
        const [address, json] = params as [string, unknown];
        if (typeof json !== "string") throw Object.assign(new Error("Invalid params"), { code: -32602 });
        if (address.toLowerCase() !== account.address.toLowerCase())
          throw Object.assign(new Error("Not authorized"), { code: 4100 });
        return account.signTypedData(JSON.parse(json));
      }
      throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    },
  };
}

const failing = (error: unknown): Eip1193Provider => ({
  request: async ({ method }) => {
    if (method === "eth_requestAccounts") return ["0x0000000000000000000000000000000000000001"];
    throw error;
  },
});

async function challenge() {
  const payee = newPayee();
  const owner = await createPerson();
  const id = await listingWithPayees(owner, [payee.address]);
  // The payTo in lowercase, as the seed and some 402s spell it: the wallet's checksummed one still matches.
  const payTo = payee.address.toLowerCase();
  const typedData = await createPayeeChallenge(owner, id, payTo);
  return { payee, owner, id, payTo, typedData };
}

describe("signWithWallet", () => {
  it("connects, signs the typed data as a JSON string from the payee's account, and the proof is accepted", async () => {
    const { payee, owner, id, payTo, typedData } = await challenge();
    const calls: { method: string; params?: unknown[] }[] = [];
    const signed = await signWithWallet(fakeWallet(payee, calls), payTo, typedData);
    expect(signed.ok).toBe(true);
    if (!signed.ok) return;
    expect(calls.map((c) => c.method)).toEqual(["eth_requestAccounts", "eth_signTypedData_v4"]);
    expect(calls[1]!.params).toEqual([payee.address, JSON.stringify(typedData)]);
    await provePayee(owner, id, { payTo, nonce: typedData.message.nonce, signature: signed.signature as Hex });
    expect((await getListing(owner, id)).payees[0]).toMatchObject({ payeeVerified: true });
  });

  it("says which account is connected when it is not the payee, and asks for no signature", async () => {
    const { payTo, typedData } = await challenge();
    const other = newPayee();
    const calls: { method: string; params?: unknown[] }[] = [];
    const signed = await signWithWallet(fakeWallet(other, calls), payTo, typedData);
    expect(signed).toEqual({
      ok: false,
      message: `Your wallet's account ${other.address} is not this payee (${payTo}). Switch to that account in your wallet and try again.`,
    });
    expect(calls.map((c) => c.method)).toEqual(["eth_requestAccounts"]);
  });

  it("turns the wallet's refusals into plain sentences", async () => {
    const { typedData } = await challenge();
    const payTo = "0x0000000000000000000000000000000000000001";
    const refused = (err: unknown) => signWithWallet(failing(err), payTo, typedData);
    // A person's "Reject": EIP-1193 code 4001, from an Error or a plain object as some wallets throw.
    for (const err of [
      Object.assign(new Error("User rejected the request."), { code: 4001 }),
      { code: 4001, message: "User denied message signature." },
    ])
      expect(await refused(err)).toEqual({
        ok: false,
        message: "You declined the request in your wallet. Nothing was signed.",
      });
    expect(await refused({ code: -32002, message: "pending" })).toMatchObject({
      message: expect.stringContaining("already has a request waiting"),
    });
    expect(await refused("boom")).toEqual({ ok: false, message: "The wallet did not sign: boom" });
    const unreadable = Object.defineProperty({}, "code", {
      get() {
        throw new Error("hostile getter");
      },
    });
    expect(await refused(unreadable)).toEqual({
      ok: false,
      message: "The wallet did not sign, and its error could not be read.",
    });
    // A huge message is cut: the page shows a sentence, not a wall of text.
    const long = await refused(new Error("x".repeat(100_000)));
    expect(long.ok === false && long.message.length).toBeLessThan(400);
  });

  it("refuses a wallet with no account, a malformed answer, and no wallet at all", async () => {
    const { typedData } = await challenge();
    const payTo = "0x0000000000000000000000000000000000000001";
    const answering = (accounts: unknown, signature: unknown): Eip1193Provider => ({
      request: async ({ method }) => (method === "eth_requestAccounts" ? accounts : signature),
    });
    expect(await signWithWallet(answering([], "0x00"), payTo, typedData)).toMatchObject({
      message: expect.stringContaining("connected no account"),
    });
    expect(await signWithWallet(answering("0x01", "0x00"), payTo, typedData)).toMatchObject({
      message: expect.stringContaining("connected no account"),
    });
    for (const signature of [null, 42, "not hex", "0x0"])
      expect(await signWithWallet(answering([payTo], signature), payTo, typedData)).toEqual({
        ok: false,
        message: "The wallet answered no signature.",
      });
    expect(await signWithWallet(undefined, payTo, typedData)).toEqual({
      ok: false,
      message: "No browser wallet found on this page. Sign elsewhere and paste the signature.",
    });
  });
});
