// The off-thread signature check agrees with viem's on valid, tampered and malformed signatures.
import { verifyTypedData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { signTransferAuthorization } from "@/test/payments/authorization";
import {
  signatureWorkerRunning,
  startSignatureWorker,
  verifyTypedDataOffThread,
  type TypedDataCheck,
} from "./signature-worker";

async function signedCheck(): Promise<TypedDataCheck> {
  const account = privateKeyToAccount(generatePrivateKey());
  return signTransferAuthorization(account, {
    from: account.address,
    to: account.address,
    value: 1000n,
    validAfter: 0n,
    validBefore: 2n ** 40n,
    nonce: `0x${"ab".repeat(32)}`,
  });
}

describe("signature worker", () => {
  it("checks on the main thread while the worker loads, so the first purchase does not wait for it", async () => {
    expect(signatureWorkerRunning()).toBe(false);
    const check = await signedCheck();
    expect(await verifyTypedDataOffThread(check)).toBe(true); // answered at once, inline
    expect(signatureWorkerRunning()).toBe(false);
  });

  it("agrees with viem on valid, tampered and malformed signatures, many at once", async () => {
    expect(await startSignatureWorker()).toBe(true);
    const valid = await Promise.all(Array.from({ length: 8 }, signedCheck));
    const tampered = valid.map((c) => ({ ...c, message: { ...c.message, value: 1001n } }));
    const malformed = valid.map((c) => ({ ...c, signature: "0x1234" as Hex }));
    const checks = [...valid, ...tampered, ...malformed];
    const offThread = await Promise.all(checks.map(verifyTypedDataOffThread));
    const inline = await Promise.all(checks.map((c) => verifyTypedData(c).catch(() => false)));
    expect(offThread).toEqual(inline);
    expect(offThread).toEqual([...valid.map(() => true), ...tampered.map(() => false), ...malformed.map(() => false)]);
    expect(signatureWorkerRunning()).toBe(true);
  });
});
