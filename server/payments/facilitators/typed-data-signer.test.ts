// libsecp256k1's verdict is viem's: the same typed data and signatures, checked both ways.
import {
  parseSignature,
  serializeCompactSignature,
  serializeSignature,
  signatureToCompactSignature,
  verifyTypedData,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { X402_TRANSFER_AUTHORIZATION } from "../payment-network";
import { verifyTypedDataSignature, type TypedDataCheck } from "./typed-data-signer";

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe("EIP-712 signature checks with libsecp256k1", () => {
  it("agree with viem's verifyTypedData on good, foreign, altered, high-s, recovery-id and malformed signatures", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const message = {
      from: account.address,
      to: other.address,
      value: 1000n,
      validAfter: 0n,
      validBefore: 2n ** 40n,
      nonce: `0x${"ab".repeat(32)}` as Hex,
    };
    const typedData = { ...X402_TRANSFER_AUTHORIZATION, message } as const;
    const good = await account.signTypedData(typedData);
    const { r, s, yParity } = parseSignature(good);
    const highS = serializeSignature({
      r,
      s: `0x${(SECP256K1_N - BigInt(s)).toString(16).padStart(64, "0")}`,
      yParity: 1 - yParity!,
    });
    const bareRecoveryId = `${good.slice(0, 130)}${yParity === 0 ? "00" : "01"}` as Hex;
    const cases: [string, TypedDataCheck][] = [
      ["good", { ...typedData, address: account.address, signature: good }],
      ["good, address in lower case", { ...typedData, address: account.address.toLowerCase() as Hex, signature: good }],
      ["another signer", { ...typedData, address: other.address, signature: good }],
      [
        "another message",
        { ...typedData, message: { ...message, value: 1001n }, address: account.address, signature: good },
      ],
      ["high s, flipped parity (same signer)", { ...typedData, address: account.address, signature: highS }],
      ["bare recovery id", { ...typedData, address: account.address, signature: bareRecoveryId }],
      ["v = 29", { ...typedData, address: account.address, signature: `${good.slice(0, 130)}1d` as Hex }],
      ["r = 0", { ...typedData, address: account.address, signature: `0x${"00".repeat(32)}${good.slice(66)}` as Hex }],
      [
        "r = n",
        { ...typedData, address: account.address, signature: `0x${SECP256K1_N.toString(16)}${good.slice(66)}` as Hex },
      ],
      [
        "64-byte compact (EIP-2098)",
        {
          ...typedData,
          address: account.address,
          signature: serializeCompactSignature(signatureToCompactSignature({ r, s, yParity: yParity! })),
        },
      ],
      ["too short", { ...typedData, address: account.address, signature: "0x1234" }],
    ];
    for (const [what, check] of cases) {
      const viem = await verifyTypedData(check).catch(() => false);
      expect(await verifyTypedDataSignature(check), what).toBe(viem);
    }
    expect(await verifyTypedDataSignature(cases[0]![1])).toBe(true);
  });

  it("typed data that does not encode is not signed by anyone (false, no throw)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const check = {
      ...X402_TRANSFER_AUTHORIZATION,
      message: { from: "not an address" },
      address: account.address,
      signature: `0x${"11".repeat(65)}`,
    } as unknown as TypedDataCheck;
    expect(await verifyTypedDataSignature(check)).toBe(false);
  });
});
