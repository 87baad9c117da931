// Issue 9 item 4: the local token matches USDC, whose ECRecover refuses a signature with s above
// n/2 (EIP-2). Every signature (r, s, v) has a twin (r, n - s, v flipped) that recovers the same
// signer and that viem accepts; the local token must refuse it as USDC does.
import { decodePaymentSignatureHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { getAddress, recoverTypedDataAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { signTransferAuthorization } from "@/test/payments/authorization";
import { createTestAgent } from "@/test/payments/agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { X402_ASSET, X402_TRANSFER_AUTHORIZATION } from "../payment-network";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { creditTestFunds } from "./faucet";
import { createLocalChainSigner, localBalance } from "./local-chain-signer";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The high-s twin of a 65-byte signature: s' = n - s and the recovery bit flipped. */
function highS(signature: Hex): Hex {
  const r = signature.slice(2, 66);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return `0x${r}${(N - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
}

describe("high-s signatures (USDC refuses them)", () => {
  it("a purchase paid with the high-s twin of a valid signature: 402 invalid_exact_evm_signature, nothing charged", async () => {
    const runtime = paymentRuntime();
    const agent = await createTestAgent();
    const signed = decodePaymentSignatureHeader(
      await agent.sign((await describe402(runtime)).headers["payment-required"]!),
    );
    const inner = signed.payload as {
      signature: Hex;
      authorization: { from: Hex; to: Hex; value: string; validAfter: string; validBefore: string; nonce: Hex };
    };
    const twin = highS(inner.signature);
    // viem (and so the facilitator library) still recovers the payer from the twin.
    const a = inner.authorization;
    const message = {
      from: a.from,
      to: a.to,
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce,
    };
    expect(
      (await recoverTypedDataAddress({ ...X402_TRANSFER_AUTHORIZATION, message, signature: twin })).toLowerCase(),
    ).toBe(agent.address);

    const r = await buy(runtime, {
      body: shortlistBody(),
      signature: encodePaymentSignatureHeader({ ...signed, payload: { ...inner, signature: twin } }),
    });
    expect(r.status, r.text).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_signature");
    expect(await agent.balance()).toBe(1_000_000n);
    expect(await db.localTransfer.count({ where: { payer: agent.address } })).toBe(0);
  });

  it("the token refuses to execute a high-s authorization, and executes its low-s twin", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await creditTestFunds({ address: account.address, amountUsd: 1 });
    const now = BigInt(Math.floor(Date.now() / 1000));
    const to = "0x00000000000000000000000000000000000000aa" as Hex;
    const message = {
      from: account.address,
      to,
      value: 1000n,
      validAfter: now - 60n,
      validBefore: now + 600n,
      nonce: `0x${"ab".repeat(32)}` as Hex,
    };
    const { signature } = await signTransferAuthorization(account, message);
    const signer = createLocalChainSigner("0x6c6f63616c2d666163696c697461746f72000000");
    const transfer = (sig: Hex) =>
      signer.writeContract({
        address: getAddress(X402_ASSET),
        abi: [],
        functionName: "transferWithAuthorization",
        args: [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce, sig],
      });
    await expect(transfer(highS(signature))).rejects.toThrow(/invalid signature 's' value/);
    expect(await localBalance(account.address)).toBe(1_000_000n);
    await transfer(signature);
    expect(await localBalance(account.address)).toBe(1_000_000n - 1000n);
  });
});
