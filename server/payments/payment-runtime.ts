// The payment machinery of one process: configuration, the facilitator, the x402 resource server
// that builds requirements and routes verify/settle, and the products it sells (handed in by the
// layer that declares them: the payment layer knows no product). Tests build their own runtimes
// (another facilitator, payment switched off); the app uses the one configured by env
// (server/products/shop-runtime.ts).
import { FacilitatorCapabilityError, x402ResourceServer } from "@x402/core/server";
import type { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { createBatchServerScheme } from "./batch/batch-offer";
import { baseUrl } from "../env";
import { logger } from "../logger";
import { buildChallenge, type Challenge } from "./challenge";
import type { Facilitator } from "./facilitators/facilitator";
import { createHttpFacilitator } from "./facilitators/http-facilitator";
import { createLocalFacilitator } from "./facilitators/local-facilitator";
import { windowCloses } from "./mpp/mpp-challenges";
import { installNativeRecovery } from "./native-recovery";
import { createMppRuntime, type MppRuntime } from "./mpp/mpp-runtime";
import { type PaymentConfig } from "./payment-config";
import { X402_NETWORK } from "./payment-network";
import type { SellableProduct } from "./sellable-product";

export interface PaymentRuntime {
  config: PaymentConfig;
  baseUrl: string;
  facilitator: Facilitator;
  /** The products sold here: a purchase resumed from the ledger (a retry, the reconciler, a recovery) finds its product among them. */
  products: readonly SellableProduct[];
  /** The product of this id, if it is sold here. */
  product(id: string): SellableProduct | undefined;
  /** The initialized resource server (asks the facilitator what it supports on first use). */
  resourceServer(): Promise<x402ResourceServer>;
  /** The product's 402 challenge, built once (its MPP challenges once per window) and reused byte for byte. */
  challenge(product: SellableProduct): Promise<Challenge>;
  /**
   * The same challenge without waiting, once `challenge` has built it (and, for a product sold over
   * MPP, until its window closes); undefined before that, or when payment is not configured.
   */
  readyChallenge(product: SellableProduct): Challenge | undefined;
  /** MPP beside x402 (queued products); null when no method is configured or payment is off. */
  mpp: MppRuntime | null;
  /** x402 batch-settlement's server scheme (its channels in PostgreSQL); null when payment is off. */
  batch: BatchSettlementEvmScheme | null;
}

export function createPaymentRuntime(
  config: PaymentConfig,
  products: readonly SellableProduct[],
  options: { baseUrl?: string; facilitator?: Facilitator } = {},
): PaymentRuntime {
  // Every signer recovery of the payment libraries on libsecp256k1 (native-recovery.ts says why).
  installNativeRecovery();
  const byId = new Map(products.map((p) => [p.id, p]));
  const facilitator: Facilitator =
    options.facilitator ??
    (config.mode === "http" && config.facilitatorUrl
      ? createHttpFacilitator(config.facilitatorUrl, config.facilitatorTimeoutMs)
      : createLocalFacilitator());
  const base = options.baseUrl ?? baseUrl;
  let ready: Promise<x402ResourceServer> | undefined;
  const challenges = new Map<string, Promise<Challenge>>();
  // The built challenges, for a 402 answered with no await: every 402 but the first (of each MPP
  // window) then costs the route no promise, clock read or copy (scripts/bench-purchase.ts compares
  // it with a bare route). A product sold over MPP keeps its entry until its window closes: a timer
  // drops it then rather than a clock read per request, and a timer that fires late only serves a
  // challenge that is still good (it expires MPP_CHALLENGE_LIFETIME_S after the window closes).
  const built = new Map<string, Challenge>();
  // The evm method pays x402's asset to x402's pay-to: without a pay-to there is nothing to offer.
  const mpp =
    config.payTo && config.mpp && config.mpp.methods.length > 0
      ? createMppRuntime(config.mpp, config.payTo as `0x${string}`)
      : null;

  const batch = config.payTo ? createBatchServerScheme(config.payTo) : null;

  const resourceServer = () => {
    ready ??= (async () => {
      const exactOnly = () => new x402ResourceServer(facilitator).register(X402_NETWORK, new ExactEvmScheme());
      const server = exactOnly();
      if (batch) server.register(X402_NETWORK, batch);
      try {
        await server.initialize();
        return server;
      } catch (err) {
        // A facilitator that lists batch-settlement without a receiver authorizer we could use: sell
        // with exact alone rather than not at all (the challenge offers only what is registered).
        if (!(err instanceof FacilitatorCapabilityError)) throw err;
        logger.warn({ err }, "the facilitator's batch-settlement is unusable here: offering exact only");
        const fallback = exactOnly();
        await fallback.initialize();
        return fallback;
      }
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
    products,
    product: (id) => byId.get(id),
    resourceServer,
    mpp,
    batch,
    async challenge(product) {
      const kept = built.get(product.id);
      if (kept) return kept;
      let x402 = challenges.get(product.id);
      const withMpp = mpp?.sells(product) ?? false;
      if (!x402) {
        x402 = resourceServer().then((server) => buildChallenge(server, product, config.payTo!, base, withMpp));
        x402.catch(() => challenges.delete(product.id));
        challenges.set(product.id, x402);
      }
      if (!withMpp) {
        const challenge = await x402;
        built.set(product.id, challenge);
        return challenge;
      }
      const now = Date.now();
      const [x402Challenge, wwwAuthenticate] = await Promise.all([x402, mpp!.challenges(product, now)]);
      const challenge = { ...x402Challenge, wwwAuthenticate };
      const left = windowCloses(now) - Date.now();
      if (left > 0) {
        built.set(product.id, challenge);
        setTimeout(() => built.get(product.id) === challenge && built.delete(product.id), left).unref();
      }
      return challenge;
    },
    readyChallenge: (product) => (config.payTo ? built.get(product.id) : undefined),
  };
}
