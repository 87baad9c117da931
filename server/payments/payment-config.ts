// What the marketplace accepts as payment (decisions.md §11): Base Sepolia test USDC through the
// x402 `exact` scheme, settled by the local ledger facilitator unless X402_FACILITATOR_URL is set.
import { authorizationTypes } from "@x402/evm";
import { getAddress } from "viem";
import { env } from "../env";
import { mppConfigFromEnv, type MppConfig } from "./mpp/mpp-config";

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

// The local ledger's marketplace account ("marketplace-local" in hex), used as pay-to when no
// X402_PAY_TO is configured and payments settle locally.
export const LOCAL_PAY_TO = "0x6d61726b6574706c6163652d6c6f63616c000000";

export type PaymentMode = "local" | "http";

export interface PaymentConfig {
  /** Null when payment is switched off or has nowhere to go: paid products answer 503. */
  payTo: string | null;
  mode: PaymentMode;
  facilitatorUrl: string | null;
  facilitatorTimeoutMs: number;
  /** MPP methods offered beside x402 by the queued products; none when absent. */
  mpp?: MppConfig;
}

export function paymentConfigFromEnv(): PaymentConfig {
  const mode: PaymentMode = env.X402_FACILITATOR_URL ? "http" : "local";
  const payTo = env.X402_ENABLED === "false" ? null : (env.X402_PAY_TO ?? (mode === "local" ? LOCAL_PAY_TO : null));
  return {
    payTo,
    mode,
    facilitatorUrl: env.X402_FACILITATOR_URL ?? null,
    facilitatorTimeoutMs: env.X402_FACILITATOR_TIMEOUT_MS,
    mpp: mppConfigFromEnv(),
  };
}
