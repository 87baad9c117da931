// The mppx server of one process: the configured methods, the realm, and the secret that binds
// every challenge id (HMAC) to its contents. The secret is shared through the database
// (accounts/shared-secret.ts), so a challenge issued by one instance is honoured by every other.
import { Errors } from "mppx";
import { evm, Mppx, stripe, tempo } from "mppx/server";
import { sharedSecret } from "../../accounts/shared-secret";
import { X402_ASSET, X402_ASSET_DOMAIN, X402_CHAIN_ID } from "../payment-network";
import type { MppConfig, MppStripeConfig, MppTempoConfig } from "./mpp-config";

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

// Stripe charges in cents of USD (our prices are whole cents and at least 10 USD, over Stripe's 0.50 minimum).
export const MPP_STRIPE_CURRENCY = "usd";
export const MPP_STRIPE_DECIMALS = 2;

// mppx's stripe charge creates the PaymentIntent inside `verify`: money would move before the
// purchase is claimed, and mppx refuses its own idempotent replay. So mppx only admits the
// credential here (HMAC, expiry, scope, price, payload shape: `validate`); the PaymentIntent is
// created by the purchase ledger after the claim, keyed by the purchase (mpp/stripe-settle.ts).
function stripeMethod(settings: MppStripeConfig) {
  const method = stripe.charge({
    client: settings.client as never,
    currency: MPP_STRIPE_CURRENCY,
    decimals: MPP_STRIPE_DECIMALS,
    networkId: settings.networkId,
    paymentMethodTypes: settings.paymentMethodTypes,
  });
  return {
    ...method,
    async validate({
      credential,
      request,
    }: {
      credential: { challenge: { request: { externalId?: string } }; payload: { externalId?: string } };
      request: unknown;
    }) {
      const expected = credential.challenge.request.externalId;
      if (expected !== undefined && credential.payload.externalId !== expected) {
        throw new Errors.VerificationFailedError({ reason: "credential externalId does not match this route request" });
      }
      return { challenge: credential.challenge, credential, details: {}, intent: "charge", method: "stripe", request };
    },
    verify: async (): Promise<never> => {
      throw new Error("MPP stripe credentials are charged through the purchase ledger, never through mppx");
    },
  } as unknown as typeof method;
}

// mppx's tempo charge in its pull form only (challenges say `supportedModes: ["pull"]`): the credential
// is a signed Tempo transaction. mppx admits it (HMAC, expiry, scope, price, a TIP-20 transfer of exactly
// the amount to our recipient with the challenge-bound memo, simulated with eth_call) but never
// broadcasts it: the purchase is claimed first, then the ledger broadcasts it (mpp/tempo-settle.ts). A
// push credential (a transaction hash: money already moved) is refused before mppx sees it (mpp-credential.ts).
function tempoMethod(settings: MppTempoConfig) {
  const method = tempo.charge({
    currency: settings.token,
    recipient: settings.recipient,
    decimals: settings.decimals,
    chainId: settings.chainId,
    supportedModes: ["pull"],
    getClient: () => settings.client() as never,
  } as Parameters<typeof tempo.charge>[0]);
  return {
    ...method,
    broadcast: async (): Promise<never> => {
      throw new Error("MPP tempo transactions are broadcast through the purchase ledger, never through mppx");
    },
    verify: async (): Promise<never> => {
      throw new Error("MPP tempo transactions are broadcast through the purchase ledger, never through mppx");
    },
  } as unknown as typeof method;
}

export function createMppServer(config: MppConfig, payTo: `0x${string}`, secretKey: string) {
  const methods = [
    evmMethod(payTo),
    ...(config.stripe ? [stripeMethod(config.stripe)] : []),
    ...(config.tempo ? [tempoMethod(config.tempo)] : []),
  ];
  return Mppx.create({ methods: methods as never, realm: config.realm, secretKey }) as unknown as Mppx.Mppx<
    [ReturnType<typeof evmMethod>, ReturnType<typeof stripeMethod>, ReturnType<typeof tempoMethod>]
  >;
}

export type MppServer = ReturnType<typeof createMppServer>;

/** The server with the shared secret (read once per process). */
export async function loadMppServer(config: MppConfig, payTo: `0x${string}`): Promise<MppServer> {
  return createMppServer(config, payTo, await sharedSecret(MPP_SECRET_NAME));
}
