// MPP in one process: the mppx server (built on first use, with the shared secret) and the
// challenges of each product for the current window, built once per window and reused byte for byte.
import type { SellableProduct } from "../sellable-product";
import type { MppConfig } from "./mpp-config";
import { freshExpiry, productChallenges, windowExpiry } from "./mpp-challenges";
import { loadMppServer, type MppServer } from "./mpp-server";

export interface MppRuntime {
  config: MppConfig;
  server(): Promise<MppServer>;
  /** Whether the product is sold over MPP here (it lists "mpp" and at least one method is configured). */
  sells(product: SellableProduct): boolean;
  /** WWW-Authenticate of the product's 402 in the window holding `nowMs` (default: now). */
  challenges(product: SellableProduct, nowMs?: number): Promise<string>;
  /** WWW-Authenticate of a refusal: challenges no earlier answer carried. */
  freshChallenges(product: SellableProduct): Promise<string>;
}

export function createMppRuntime(config: MppConfig, payTo: `0x${string}`): MppRuntime {
  let loading: Promise<MppServer> | undefined;
  const server = () => {
    loading ??= loadMppServer(config, payTo).catch((err: unknown) => {
      loading = undefined; // the database may be back on the next request
      throw err;
    });
    return loading;
  };
  const current = new Map<string, { expires: number; value: Promise<string> }>();

  return {
    config,
    server,
    sells: (product) => product.protocols.includes("mpp") && config.methods.length > 0,
    challenges(product, nowMs = Date.now()) {
      const expires = windowExpiry(nowMs);
      const kept = current.get(product.id);
      if (kept && kept.expires === expires.getTime()) return kept.value;
      const value = server().then((s) => productChallenges(s, config, product, expires));
      value.catch(() => current.delete(product.id));
      current.set(product.id, { expires: expires.getTime(), value });
      return value;
    },
    async freshChallenges(product) {
      return productChallenges(await server(), config, product, freshExpiry(Date.now()));
    },
  };
}
