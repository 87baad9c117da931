// The x402 extensions every product's 402 declares (PAYMENT-REQUIRED `extensions`, decisions.md §1):
// `payment-identifier` (optional: a client may send an id that is its idempotency key, §3.4) and
// `bazaar` (how to call the product: method, JSON body example and its schema), both built by
// @x402/extensions. Built with the challenge, once per product: the 402 does no work for them.
import {
  bazaarResourceServerExtension,
  declareDiscoveryExtension,
  type DiscoveryExtension,
} from "@x402/extensions/bazaar";
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { z } from "zod";
import type { SellableProduct } from "./sellable-product";

/**
 * The product's `bazaar` declaration. The method is filled in as the library's resource-server
 * extension does for an HTTP route (its declarations leave it to the transport). The result schema
 * is not part of it: the library declares an output only with an example result, and x402 clients
 * echo every declared extension into PAYMENT-SIGNATURE, so the result schemas (the shortlist's is
 * 6 KB) stay in the OpenAPI document, which `free.docs` and the bazaar list point to.
 */
export function bazaarDeclaration(product: SellableProduct): DiscoveryExtension {
  const { bazaar } = declareDiscoveryExtension({
    bodyType: "json",
    input: product.example,
    inputSchema: z.toJSONSchema(product.requestSchema, { io: "input" }) as Record<string, unknown>,
  });
  return bazaarResourceServerExtension.enrichDeclaration!(bazaar, {
    method: product.method,
    adapter: { getPath: () => product.path },
  }) as DiscoveryExtension;
}

/** The `extensions` of the product's PaymentRequired. */
export function challengeExtensions(product: SellableProduct): Record<string, unknown> {
  return {
    [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
    bazaar: bazaarDeclaration(product),
  };
}
