// noble's recovery pointed at libsecp256k1 answers what noble answered (the same signer, the same
// refusals) for good, high-s, bare-recovery-id, foreign and malformed signatures, and viem's
// recoveries, as the x402 libraries make them, then run on the native binding.
import { secp256k1 } from "@noble/curves/secp256k1";
import { keccak256, parseSignature, recoverAddress, recoverTypedDataAddress, serializeSignature, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { X402_TRANSFER_AUTHORIZATION } from "./payment-network";
import { installNativeRecovery, nativeRecoveries } from "./native-recovery";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hex64 = (n: bigint) => n.toString(16).padStart(64, "0");

async function outcome(hash: Hex, signature: Hex): Promise<string> {
  try {
    return (await recoverAddress({ hash, signature })).toLowerCase();
  } catch {
    return "refused";
  }
}

describe("native secp256k1 recovery behind noble", () => {
  it("recovers what noble recovers and refuses what noble refuses", async () => {
    const cases: [Hex, Hex][] = [];
    for (let i = 0; i < 40; i++) {
      const account = privateKeyToAccount(generatePrivateKey());
      const hash = keccak256(`0x${hex64(BigInt(i) + 1n)}`);
      const good = await account.sign({ hash });
      const { r, s, yParity } = parseSignature(good);
      const highS = serializeSignature({ r, s: `0x${hex64(N - BigInt(s))}`, yParity: 1 - yParity! });
      const bare = `${good.slice(0, 130)}${yParity === 0 ? "00" : "01"}` as Hex;
      const flipped = `${good.slice(0, 130)}${yParity === 0 ? "1c" : "1b"}` as Hex;
      const otherHash = keccak256(hash);
      cases.push([hash, good], [hash, highS], [hash, bare], [hash, flipped], [otherHash, good]);
    }
    const fixed: Hex[] = [
      `0x${hex64(1n)}${hex64(1n)}1b`, // smallest r and s
      `0x${hex64(N - 1n)}${hex64(N - 1n)}1c`, // largest r and s
      `0x${hex64(5n)}${hex64(7n)}1b`, // an r with no curve point, depending on x
      `0x${"ff".repeat(32)}${hex64(7n)}1b`, // r ≥ n
      `0x${hex64(0n)}${hex64(7n)}1b`, // r = 0
      `0x${hex64(7n)}${hex64(0n)}1c`, // s = 0
      `0x${hex64(7n)}${hex64(9n)}1d`, // recovery id 2
    ];
    for (const signature of fixed) cases.push([keccak256("0x01"), signature]);

    const noble = await Promise.all(cases.map(([h, s]) => outcome(h, s)));
    expect(noble.filter((o) => o !== "refused").length).toBeGreaterThan(150);
    expect(installNativeRecovery()).toBe(true);
    const before = nativeRecoveries();
    const native = await Promise.all(cases.map(([h, s]) => outcome(h, s)));
    expect(native).toEqual(noble);
    expect(nativeRecoveries() - before).toBeGreaterThan(150);
    // The returned point is noble's own: its methods work as before.
    const [hash, signature] = cases[0]!;
    const point = secp256k1.Signature.fromCompact(signature.slice(2, 130))
      .addRecoveryBit(parseSignature(signature).yParity!)
      .recoverPublicKey(hash.slice(2));
    expect(point).toBeInstanceOf(secp256k1.ProjectivePoint);
    expect(point.toHex(true)).toHaveLength(66);
  });

  it("serves viem's typed-data recovery, the call @x402/evm makes", async () => {
    installNativeRecovery();
    const account = privateKeyToAccount(generatePrivateKey());
    const message = {
      from: account.address,
      to: account.address,
      value: 1n,
      validAfter: 0n,
      validBefore: 2n ** 40n,
      nonce: `0x${"cd".repeat(32)}` as Hex,
    };
    const typedData = { ...X402_TRANSFER_AUTHORIZATION, message } as const;
    const signature = await account.signTypedData(typedData);
    const before = nativeRecoveries();
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(account.address);
    expect(nativeRecoveries()).toBe(before + 1);
  });
});
