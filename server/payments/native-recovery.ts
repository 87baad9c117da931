// secp256k1 public-key recovery on libsecp256k1 for every signature check in the process, the x402
// libraries' included. @x402/evm's facilitator (verify, then verify again in settle) and its
// batch-settlement server (each voucher) recover signers through viem, which runs @noble/curves in
// JavaScript: about 2 ms a recovery, the largest single cost of a purchase in the CPU profile of
// `BENCH_PROFILE=1 npm run bench:purchase` (19 % of the main thread, ~6.9 ms a purchase, nearly all
// of it in `Signature.recoverPublicKey`). Their code takes no verifier to inject, so the one method
// they all reach, noble's `Signature.prototype.recoverPublicKey`, is pointed at the `secp256k1`
// package's native binding (the same one typed-data-signer.ts uses, ~0.05 ms a recovery).
//
// The replacement returns what noble returns (a validated curve point) and throws where it throws:
// libsecp256k1 recovers any r, s in [1, n) with recovery id 0 or 1 (high-s included, as noble does)
// and reduces the message hash mod n, as noble's bits2int_modN does for a 32-byte hash. Whatever it
// does not cover (recovery ids 2 and 3, a hash of another length) is left to noble's own method; so
// is everything when the native binding cannot load (the package would fall back to elliptic, which
// is slower than noble).
import { createRequire } from "node:module";
import { secp256k1 as noble } from "@noble/curves/secp256k1";

type Recover = (this: InstanceType<typeof noble.Signature>, msgHash: string | Uint8Array) => unknown;
interface NativeRecover {
  ecdsaRecover(signature: Uint8Array, recid: number, message: Uint8Array, compressed: boolean): Uint8Array;
}

const FIELD_BYTES = 32;
let installed: "native" | "unavailable" | undefined;
let recoveries = 0;

function loadNative(): NativeRecover | null {
  try {
    // The binding itself, not the package's index (which silently falls back to elliptic).
    return createRequire(import.meta.url)("secp256k1/bindings") as NativeRecover;
  } catch {
    return null;
  }
}

function bytesOf(hash: string | Uint8Array): Uint8Array | null {
  if (typeof hash !== "string") return hash;
  return /^(?:[0-9a-fA-F]{2})*$/.test(hash) ? Buffer.from(hash, "hex") : null;
}

function scalar(n: bigint): Buffer {
  return Buffer.from(n.toString(16).padStart(FIELD_BYTES * 2, "0"), "hex");
}

/**
 * Points noble's recovery at libsecp256k1, once per process. Returns whether the native recovery is
 * in use (false where the binding does not load: noble's stays).
 */
export function installNativeRecovery(): boolean {
  if (installed) return installed === "native";
  const native = loadNative();
  if (!native) {
    installed = "unavailable";
    return false;
  }
  const prototype = noble.Signature.prototype as unknown as { recoverPublicKey: Recover };
  const original = prototype.recoverPublicKey;
  prototype.recoverPublicKey = function recoverPublicKey(msgHash) {
    const { r, s, recovery } = this;
    const hash = bytesOf(msgHash);
    if ((recovery !== 0 && recovery !== 1) || !hash || hash.length !== FIELD_BYTES) return original.call(this, msgHash);
    let key: Uint8Array;
    recoveries++;
    try {
      key = native.ecdsaRecover(Buffer.concat([scalar(r), scalar(s)]), recovery, hash, false);
    } catch {
      // No curve point for r, or a recovered point at infinity: noble throws as well.
      throw new Error("secp256k1: public key recovery failed");
    }
    return noble.ProjectivePoint.fromHex(key);
  };
  installed = "native";
  return true;
}

/** How many recoveries libsecp256k1 has made in this process (the tests' proof that a path uses it). */
export function nativeRecoveries(): number {
  return recoveries;
}
