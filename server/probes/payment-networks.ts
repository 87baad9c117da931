// What a network name in a 402 means, and which asset is known on it, from the x402 packages' own
// tables (not a list of ours that would fall behind): @x402/evm/v1's legacy names and their chain ids,
// @x402/core's CAIP-2 form, @x402/evm's default assets per network (USDC where the packages know it).
import { NetworkSchemaV2 } from "@x402/core/schemas";
import { findDefaultAsset } from "@x402/evm";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { X402_ASSET, X402_NETWORK } from "../payments/payment-network";

export type NetworkName =
  /** eip155:84532 and the like. */
  | { kind: "caip2"; caip2: string }
  /** An x402 v1 name (base-sepolia) of a chain the packages know: the same network, named the old way. */
  | { kind: "legacy"; caip2: string; legacy: string }
  /** Neither: nobody can tell which network it is. */
  | { kind: "unknown"; name: string };

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

export function networkName(name: string): NetworkName {
  const chainId = (EVM_NETWORK_CHAIN_ID_MAP as Record<string, number>)[name];
  if (chainId !== undefined) return { kind: "legacy", caip2: `eip155:${chainId}`, legacy: name };
  // @x402/core's schema only asks for a colon; CAIP-2 itself is namespace:reference.
  if (NetworkSchemaV2.safeParse(name).success && CAIP2.test(name)) return { kind: "caip2", caip2: name };
  return { kind: "unknown", name };
}

/** The network a name stands for, in CAIP-2 form (a legacy name mapped), or the name itself when unknown. */
export const canonicalNetwork = (name: string): string => {
  const n = networkName(name);
  return n.kind === "unknown" ? n.name : n.caip2;
};

/** The asset is the USDC contract the x402 packages (or our own payment network) know on that CAIP-2 network. */
export function isKnownAsset(caip2: string, asset: string): boolean {
  if (caip2 === X402_NETWORK && asset.toLowerCase() === X402_ASSET.toLowerCase()) return true;
  if (!caip2.startsWith("eip155:")) return false;
  const known = findDefaultAsset(asset, caip2 as `${string}:${string}`);
  return known !== undefined && /^USDC/.test(known.symbol);
}
