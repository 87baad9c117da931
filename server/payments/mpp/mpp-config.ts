// Which MPP methods the queued products offer (server/env.ts validates MPP_METHODS and each method's
// settings; a method this marketplace cannot settle stops the start). `evm` is mppx's EIP-3009
// charge, paid in the same asset to the same pay-to address as x402 and settled through the same
// facilitator and ledger; `stripe` is mppx's Shared Payment Token charge, claimed in the same ledger
// and then charged with a PaymentIntent we create (mpp/stripe-settle.ts).
import { baseUrl, env, type MppMethodName } from "../../env";
import { stripeHttpClient, type StripeClient } from "./stripe-client";

export interface MppStripeConfig {
  /** Stripe Business Network profile id, put in the challenges (mppx `networkId`). */
  networkId: string;
  paymentMethodTypes: string[];
  client: StripeClient;
}

export interface MppConfig {
  methods: readonly MppMethodName[];
  /** The challenges' realm: part of each challenge's HMAC and of the EIP-3009 nonce an evm credential signs. */
  realm: string;
  /** Present exactly when `methods` lists stripe. */
  stripe?: MppStripeConfig;
}

export function mppConfigFromEnv(): MppConfig {
  const stripe = env.MPP_METHODS.includes("stripe")
    ? {
        networkId: env.MPP_STRIPE_NETWORK_ID!,
        paymentMethodTypes: env.MPP_STRIPE_PAYMENT_METHOD_TYPES,
        client: stripeHttpClient(env.STRIPE_SECRET_KEY!, env.STRIPE_TIMEOUT_MS),
      }
    : undefined;
  return { methods: env.MPP_METHODS, realm: env.MPP_REALM ?? new URL(baseUrl).host, ...(stripe && { stripe }) };
}
