// A worker that dies with checks in flight: they are answered on the main thread, correctly, and
// later checks run there too. (Its own file: the worker is one per process and stays down.)
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, it } from "vitest";
import { signTransferAuthorization } from "@/test/payments/authorization";
import {
  signatureWorkerRunning,
  startSignatureWorker,
  terminateSignatureWorker,
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
    nonce: `0x${"cd".repeat(32)}`,
  });
}

it("checks in flight when the worker dies are answered on the main thread", async () => {
  const valid = await Promise.all(Array.from({ length: 20 }, signedCheck));
  const tampered = valid.map((c) => ({ ...c, message: { ...c.message, value: 999n } }));
  expect(await startSignatureWorker()).toBe(true);
  const inFlight = Promise.all([...valid, ...tampered].map(verifyTypedDataOffThread));
  await terminateSignatureWorker();
  expect(await inFlight).toEqual([...valid.map(() => true), ...tampered.map(() => false)]);
  expect(signatureWorkerRunning()).toBe(false);
  expect(await verifyTypedDataOffThread(valid[1]!)).toBe(true);
  expect(await verifyTypedDataOffThread(tampered[1]!)).toBe(false);
});
