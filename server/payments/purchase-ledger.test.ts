// The ledger's statements on their own (they run straight on pg): claims tell a used
// authorization from a key taken by another worker, and transitions are fenced by state.
// Also the emulated token's transfer to oneself.
import { randomBytes } from "node:crypto";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { getAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { creditTestFunds } from "./facilitators/faucet";
import { createLocalChainSigner, localBalance } from "./facilitators/local-chain-signer";
import { db } from "@/server/db";
import { signTransferAuthorization } from "@/test/payments/authorization";
import { X402_ASSET, X402_NETWORK } from "./payment-network";
import {
  claimPurchase,
  countFulfilmentFailure,
  findPurchase,
  markCompleted,
  markFailed,
  markSettled,
  markSettling,
  openPurchases,
  type Claim,
} from "./purchase-ledger";

const hex32 = () => `0x${randomBytes(32).toString("hex")}`;
const payer = () => `0x${randomBytes(20).toString("hex")}`;

function claimOf(over: Partial<Claim> = {}): Claim {
  return {
    product: "shortlist",
    idempotencyKey: `ledger-${randomBytes(6).toString("hex")}`,
    fingerprint: "f1",
    signatureHash: "s1",
    payer: payer(),
    nonce: hex32(),
    amountAtomic: 1000n,
    network: X402_NETWORK,
    asset: X402_ASSET,
    requestBody: { outcome: 'quotes " and \\ and \u2028 and emoji 🎉', list: [1, "two"] },
    paymentPayload: { x402Version: 2 } as unknown as PaymentPayload,
    paymentRequirements: { scheme: "exact" } as unknown as PaymentRequirements,
    ...over,
  };
}

describe("purchase ledger", () => {
  it("claims a key and nonce once; stores the body as sent", async () => {
    const c = claimOf();
    const row = await claimPurchase(c, null);
    expect(row).toMatchObject({
      state: "claimed",
      idempotencyKey: c.idempotencyKey,
      payer: c.payer,
      nonce: c.nonce,
      requestBody: c.requestBody,
    });
  });

  it("the same authorization under another key: nonce_used", async () => {
    const c = claimOf();
    await claimPurchase(c, null);
    expect(await claimPurchase({ ...c, idempotencyKey: `${c.idempotencyKey}-other` }, null)).toBe("nonce_used");
  });

  it("the same key claimed by another worker meanwhile (a lost lock): key_in_use, not nonce_used", async () => {
    const c = claimOf();
    await claimPurchase(c, null);
    expect(await claimPurchase({ ...c, nonce: hex32() }, null)).toBe("key_in_use");
  });

  it("replacing a failed attempt that another worker already replaced: key_in_use", async () => {
    const c = claimOf();
    const first = await claimPurchase(c, null);
    if (typeof first === "string") throw new Error(first);
    await markFailed(first.id, "invalid_exact_evm_insufficient_balance");
    const failed = await findPurchase(c.payer, c.idempotencyKey);
    const retry = await claimPurchase({ ...c, nonce: hex32() }, failed);
    expect(retry).toMatchObject({ state: "claimed" });
    expect(await claimPurchase({ ...c, nonce: hex32() }, failed)).toBe("key_in_use");
  });

  it("transitions are fenced by the state they leave", async () => {
    const row = await claimPurchase(claimOf(), null);
    if (typeof row === "string") throw new Error(row);
    await expect(markSettled(row.id, "0xabc", "header")).rejects.toThrow(/no longer in settling/);
    await markSettling(row.id, row.payer);
    await expect(markCompleted(row.id, "{}")).rejects.toThrow(/no longer in settled/);
    await markSettled(row.id, "0xabc", "header");
    await markCompleted(row.id, '{"ok":true}');
    await expect(markFailed(row.id, "x")).rejects.toThrow(/no longer in claimed\/settling/);
    expect(await findPurchase(row.payer, row.idempotencyKey)).toMatchObject({
      state: "completed",
      transaction: "0xabc",
      responseBody: '{"ok":true}',
    });
  });
});

describe("reconciler work list", () => {
  it("backs off from a purchase whose fulfilment keeps failing", async () => {
    const settledRow = async () => {
      const row = await claimPurchase(claimOf(), null);
      if (typeof row === "string") throw new Error(row);
      await markSettling(row.id, row.payer);
      await markSettled(row.id, "0xabc", "header");
      return row;
    };
    const [fresh, failing] = [await settledRow(), await settledRow()];
    for (let i = 0; i < 3; i++) await countFulfilmentFailure(failing.id);
    // Only settled purchases count (a failed `settled` write is not a fulfilment failure).
    const settling = await claimPurchase(claimOf(), null);
    if (typeof settling === "string") throw new Error(settling);
    await markSettling(settling.id, settling.payer);
    expect(await countFulfilmentFailure(settling.id)).toBeUndefined();
    // Both idle for 5 s: past the 3 s idle time, but not past 4 × 3 s for the one failed 3 times.
    await db.$executeRaw`UPDATE purchases SET updated_at = now() - interval '5 seconds' WHERE id IN (${fresh.id}::uuid, ${failing.id}::uuid)`;
    const keys = (await openPurchases(3000)).map((p) => p.idempotencyKey);
    expect(keys).toContain(fresh.idempotencyKey);
    expect(keys).not.toContain(failing.idempotencyKey);
    await db.$executeRaw`UPDATE purchases SET updated_at = now() - interval '13 seconds' WHERE id = ${failing.id}::uuid`;
    expect((await openPurchases(3000)).map((p) => p.idempotencyKey)).toContain(failing.idempotencyKey);
  });
});

describe("local token", () => {
  async function selfTransfer() {
    const account = privateKeyToAccount(generatePrivateKey());
    await creditTestFunds({ address: account.address, amountUsd: 1 });
    const now = BigInt(Math.floor(Date.now() / 1000));
    const message = {
      from: account.address,
      to: account.address,
      value: 1000n,
      validAfter: now - 60n,
      validBefore: now + 600n,
      nonce: hex32() as Hex,
    };
    const { signature } = await signTransferAuthorization(account, message);
    const signer = createLocalChainSigner("0x6c6f63616c2d666163696c697461746f72000000");
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      signature,
    ] as const;
    const transfer = () =>
      signer.writeContract({
        address: getAddress(X402_ASSET),
        abi: [],
        functionName: "transferWithAuthorization",
        args,
      });
    return { account, message, signature, transfer };
  }

  it("a copy of an authorization with a bad address checksum cannot poison the verdict of the real one", async () => {
    const { account, message, signature, transfer } = await selfTransfer();
    // Flip the case of one letter of the checksummed address: a bad EIP-55 checksum.
    const i = [...account.address].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
    const c = account.address[i]!;
    const badCase =
      account.address.slice(0, i) +
      (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) +
      account.address.slice(i + 1);
    // The copy is simulated first (its verdict is the first one stored), then the real one executes.
    const signer = createLocalChainSigner("0x6c6f63616c2d666163696c697461746f72000000");
    await signer
      .readContract({
        address: getAddress(X402_ASSET),
        abi: [],
        functionName: "transferWithAuthorization",
        args: [badCase, message.to, message.value, message.validAfter, message.validBefore, message.nonce, signature],
      })
      .catch(() => undefined);
    await transfer();
    expect(await localBalance(account.address)).toBe(1_000_000n);
  });

  it("a transfer to oneself moves nothing and uses the authorization", async () => {
    const { account, transfer } = await selfTransfer();
    await transfer();
    expect(await localBalance(account.address)).toBe(1_000_000n);
    await expect(transfer()).rejects.toThrow(/authorization is used/);
  });
});
