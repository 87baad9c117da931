// The marketplace's own paid products as items of its Bazaar discovery list (GET /discovery/resources),
// listed before the catalog's offers: what each product's 402 says (its requirements and the
// extensions it declares, bazaar and payment-identifier), read from the challenge the payment
// runtime built once. Without payment configured, or while the facilitator cannot be reached, the
// products cannot be paid and are not listed.
import {
  listWithOwnItems,
  type listDiscoveryInput,
  type MarketplaceDiscoveryList,
  type ProductResource,
} from "../catalog/discovery/list-discovery-resources";
import { urls } from "../catalog/urls";
import { logger } from "../logger";
import { atomicToUsd } from "../money";
import type { PaymentRuntime } from "../payments/payment-runtime";
import type { ProductDefinition } from "./product";
import { PRODUCT_LIST } from "./products";
import { paymentRuntime } from "./shop-runtime";
import type { z } from "zod";

/** When the products' terms (price, schemas) last changed: bump it with them. The same on every instance, so ETags agree. */
export const PRODUCTS_UPDATED_AT = "2026-12-01T00:00:00.000Z";
const SERVICE_NAME = "Agent Payment Marketplace";
const TAGS = ["marketplace", "x402", "agents"];

export async function productDiscoveryItems(
  runtime: PaymentRuntime = paymentRuntime(),
  products: readonly ProductDefinition[] = PRODUCT_LIST,
): Promise<ProductResource[]> {
  if (!runtime.config.payTo) return [];
  try {
    return await Promise.all(
      products.map(async (product) => {
        const { paymentRequired } = await runtime.challenge(product);
        return {
          resource: paymentRequired.resource.url,
          type: "http" as const,
          x402Version: 2 as const,
          accepts: paymentRequired.accepts as ProductResource["accepts"],
          lastUpdated: PRODUCTS_UPDATED_AT,
          description: product.description,
          serviceName: SERVICE_NAME,
          tags: TAGS,
          extensions: paymentRequired.extensions ?? {},
          metadata: {
            marketplaceProduct: product.id,
            name: product.name,
            operationId: product.operationId,
            method: product.method,
            priceUsd: atomicToUsd(product.priceAtomic),
            protocols: [...product.protocols],
            delivery: product.delivery,
            docsUrl: urls.docs(),
          },
        };
      }),
    );
  } catch (err) {
    logger.warn({ err }, "discovery list without the marketplace's products: their challenge cannot be built");
    return [];
  }
}

/** GET /discovery/resources: our products, then the catalog's offers. */
export async function listMarketplaceResources(
  input: z.output<typeof listDiscoveryInput>,
): Promise<MarketplaceDiscoveryList> {
  return listWithOwnItems(input, input.type === "mcp" ? [] : await productDiscoveryItems());
}
