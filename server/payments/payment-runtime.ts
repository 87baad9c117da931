// The payment machinery of one process: configuration, the facilitator, and the x402 resource
// server that builds requirements and routes verify/settle. Tests build their own runtimes
// (another facilitator, payment switched off); the app uses the one configured by env.
import type { FacilitatorClient } from "@x402/core/server";
import { x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { baseUrl } from "../env";
import type { ProductDefinition } from "../products/product";
import { buildChallenge, type Challenge } from "./challenge";
import { createHttpFacilitator } from "./facilitators/http-facilitator";
import { createLocalFacilitator } from "./facilitators/local-facilitator";
import { createMppRuntime, type MppRuntime } from "./mpp/mpp-runtime";
import { paymentConfigFromEnv, X402_NETWORK, type PaymentConfig } from "./payment-config";

export interface PaymentRuntime {
  config: PaymentConfig;
  baseUrl: string;
  facilitator: FacilitatorClient;
  /** The initialized resource server (asks the facilitator what it supports on first use). */
  resourceServer(): Promise<x402ResourceServer>;
  /** The product's 402 challenge, built once (its MPP challenges once per window) and reused byte for byte. */
  challenge(product: ProductDefinition): Promise<Challenge>;
  /** MPP beside x402 (queued products); null when no method is configured or payment is off. */
  mpp: MppRuntime | null;
}

export function createPaymentRuntime(config: PaymentConfig, options: { baseUrl?: string; facilitator?: FacilitatorClient } = {}): PaymentRuntime {
  const facilitator =
    options.facilitator ?? (config.mode === "http" && config.facilitatorUrl ? createHttpFacilitator(config.facilitatorUrl, config.facilitatorTimeoutMs) : createLocalFacilitator());
  const base = options.baseUrl ?? baseUrl;
  let ready: Promise<x402ResourceServer> | undefined;
  const challenges = new Map<string, Promise<Challenge>>();
  // The evm method pays x402's asset to x402's pay-to: without a pay-to there is nothing to offer.
  const mpp = config.payTo && config.mpp && config.mpp.methods.length > 0 ? createMppRuntime(config.mpp, config.payTo as `0x${string}`) : null;

  const resourceServer = () => {
    ready ??= (async () => {
      const server = new x402ResourceServer(facilitator).register(X402_NETWORK, new ExactEvmScheme());
      await server.initialize();
      return server;
    })().catch((err: unknown) => {
      ready = undefined; // a facilitator that was down may be up on the next request
      throw err;
    });
    return ready;
  };

  return {
    config,
    baseUrl: base,
    facilitator,
    resourceServer,
    mpp,
    async challenge(product) {
      let built = challenges.get(product.id);
      const withMpp = mpp?.sells(product) ?? false;
      if (!built) {
        built = resourceServer().then((server) => buildChallenge(server, product, config.payTo!, base, withMpp));
        built.catch(() => challenges.delete(product.id));
        challenges.set(product.id, built);
      }
      if (!withMpp) return built;
      const [x402, wwwAuthenticate] = await Promise.all([built, mpp!.challenges(product)]);
      return { ...x402, wwwAuthenticate };
    },
  };
}

let fromEnv: PaymentRuntime | undefined;

export function paymentRuntime(): PaymentRuntime {
  fromEnv ??= createPaymentRuntime(paymentConfigFromEnv());
  return fromEnv;
}
