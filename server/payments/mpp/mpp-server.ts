// The mppx server of one process: the configured methods, the realm, and the secret that binds
// every challenge id (HMAC) to its contents. The secret is shared through the database
// (accounts/shared-secret.ts), so a challenge issued by one instance is honoured by every other.
import { evm, Mppx } from "mppx/server";
import { sharedSecret } from "../../accounts/shared-secret";
import { X402_ASSET, X402_ASSET_DOMAIN, X402_CHAIN_ID } from "../payment-config";
import type { MppConfig } from "./mpp-config";

export const MPP_SECRET_NAME = "mpp-challenge-hmac";

// Display units of USDC: the evm charge takes decimal text and signs atomic units.
export const MPP_EVM_DECIMALS = 6;

function evmMethod(payTo: `0x${string}`) {
  return evm.charge({
    currency: X402_ASSET as `0x${string}`,
    chainId: X402_CHAIN_ID,
    decimals: MPP_EVM_DECIMALS,
    authorization: X402_ASSET_DOMAIN,
    recipient: payTo,
    // mppx only validates here: the authorization is claimed, verified and settled by the purchase
    // ledger (purchase-flow.ts), like an x402 payment, so that one credential pays once across instances.
    settle: async () => {
      throw new Error("MPP evm credentials settle through the purchase ledger, never through mppx");
    },
  });
}

export function createMppServer(config: MppConfig, payTo: `0x${string}`, secretKey: string) {
  return Mppx.create({ methods: [evmMethod(payTo)], realm: config.realm, secretKey });
}

export type MppServer = ReturnType<typeof createMppServer>;

/** The server with the shared secret (read once per process). */
export async function loadMppServer(config: MppConfig, payTo: `0x${string}`): Promise<MppServer> {
  return createMppServer(config, payTo, await sharedSecret(MPP_SECRET_NAME));
}
