// Which MPP methods the queued products offer (server/env.ts validates MPP_METHODS and each method's
// settings; a method this marketplace cannot settle stops the start). `evm` is mppx's EIP-3009
// charge, paid in the same asset to the same pay-to address as x402 and settled through the same
// facilitator and ledger; `stripe` is mppx's Shared Payment Token charge, claimed in the same ledger
// and then charged with a PaymentIntent we create (mpp/stripe-settle.ts); `tempo` is mppx's Tempo charge
// in its pull form, a signed transaction claimed in the same ledger and then broadcast by us (mpp/tempo-settle.ts).
import { baseUrl, env, type MppMethodName } from "../../env";
import { stripeHttpClient, type StripeClient } from "./stripe-client";
import { tempoRpcClient, type TempoClient } from "./tempo-client";

export interface MppStripeConfig {
  /** Stripe Business Network profile id, put in the challenges (mppx `networkId`). */
  networkId: string;
  paymentMethodTypes: string[];
  client: StripeClient;
}

export interface MppTempoConfig {
  chainId: number;
  /** The TIP-20 token the price is paid in, and its decimals. */
  token: `0x${string}`;
  decimals: number;
  recipient: `0x${string}`;
  /** The JSON-RPC client (a function, so the configuration prints as JSON without it). */
  client: () => TempoClient;
}

export interface MppConfig {
  methods: readonly MppMethodName[];
  /** The challenges' realm: part of each challenge's HMAC and of the EIP-3009 nonce an evm credential signs. */
  realm: string;
  /** Present exactly when `methods` lists stripe. */
  stripe?: MppStripeConfig;
  /** Present exactly when `methods` lists tempo. */
  tempo?: MppTempoConfig;
}

export function mppConfigFromEnv(): MppConfig {
  const stripe = env.MPP_METHODS.includes("stripe")
    ? {
        networkId: env.MPP_STRIPE_NETWORK_ID!,
        paymentMethodTypes: env.MPP_STRIPE_PAYMENT_METHOD_TYPES,
        client: stripeHttpClient(env.STRIPE_SECRET_KEY!, env.STRIPE_TIMEOUT_MS),
      }
    : undefined;
  let tempo: MppTempoConfig | undefined;
  if (env.MPP_METHODS.includes("tempo")) {
    const client = tempoRpcClient(env.TEMPO_RPC_URL!, env.TEMPO_CHAIN_ID!, env.TEMPO_TIMEOUT_MS);
    tempo = {
      chainId: env.TEMPO_CHAIN_ID!,
      token: env.MPP_TEMPO_TOKEN!.toLowerCase() as `0x${string}`,
      decimals: env.MPP_TEMPO_TOKEN_DECIMALS,
      recipient: env.MPP_TEMPO_RECIPIENT!.toLowerCase() as `0x${string}`,
      client: () => client,
    };
  }
  return {
    methods: env.MPP_METHODS,
    realm: env.MPP_REALM ?? new URL(baseUrl).host,
    ...(stripe && { stripe }),
    ...(tempo && { tempo }),
  };
}
