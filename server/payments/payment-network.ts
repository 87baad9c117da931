// The network, asset and terms the marketplace's x402 payments use (decisions.md §11): Base Sepolia
// test USDC through the `exact` scheme. Constants only, below everything that pays or checks a payment.
import { authorizationTypes } from "@x402/evm";
import { getAddress } from "viem";

export const X402_NETWORK = "eip155:84532" as const;
export const X402_ASSET = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
export const X402_CHAIN_ID = 84532;
// EIP-712 domain of the asset: what the x402 packages assume for this network.
export const X402_ASSET_DOMAIN = { name: "USDC", version: "2" } as const;
export const X402_MAX_TIMEOUT_SECONDS = 300;
/** EIP-712 typed data of an EIP-3009 transfer authorization of the asset, all but its message. */
export const X402_TRANSFER_AUTHORIZATION = {
  domain: { ...X402_ASSET_DOMAIN, chainId: X402_CHAIN_ID, verifyingContract: getAddress(X402_ASSET) },
  types: authorizationTypes,
  primaryType: "TransferWithAuthorization",
} as const;
