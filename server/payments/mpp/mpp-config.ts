// Which MPP methods the queued products offer (server/env.ts validates the settings; a listed
// method without its settings stops the start). `evm` is the EIP-3009 charge of mppx, paid in the
// same asset to the same pay-to address as x402 and settled through the same facilitator and ledger.
import { baseUrl, env, type MppMethodName } from "../../env";

export interface MppConfig {
  methods: readonly MppMethodName[];
  /** The challenges' realm: part of each challenge's HMAC and of the EIP-3009 nonce an evm credential signs. */
  realm: string;
  tempo?: { recipient: `0x${string}`; currency: `0x${string}`; testnet: boolean; rpcUrl?: string };
  stripe?: { secretKey: string; networkId: string; paymentMethodTypes: string[] };
}

export function mppConfigFromEnv(): MppConfig {
  const methods = env.MPP_METHODS;
  return {
    methods,
    realm: env.MPP_REALM ?? new URL(baseUrl).host,
    ...(methods.includes("tempo") && {
      tempo: {
        recipient: env.MPP_TEMPO_RECIPIENT as `0x${string}`,
        currency: env.MPP_TEMPO_CURRENCY as `0x${string}`,
        testnet: env.MPP_TEMPO_TESTNET === "true",
        ...(env.MPP_TEMPO_RPC_URL && { rpcUrl: env.MPP_TEMPO_RPC_URL }),
      },
    }),
    ...(methods.includes("stripe") && {
      stripe: { secretKey: env.MPP_STRIPE_SECRET_KEY!, networkId: env.MPP_STRIPE_NETWORK_ID!, paymentMethodTypes: env.MPP_STRIPE_PAYMENT_METHOD_TYPES.split(",") },
    }),
  };
}
