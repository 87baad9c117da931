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

/** How deep the output outline goes: the answer's fields and their fields (the shortlist's query, matches). */
const OUTLINE_DEPTH = 2;
const DROPPED = new Set(["description", "$schema", "pattern", "format", "examples"]);

/**
 * A JSON Schema cut to `depth` levels of properties and items, without descriptions or patterns:
 * every field an answer carries and its type, near the top; below that only the type. It accepts
 * whatever the whole schema accepts (it only leaves rules out), so the example still validates.
 */
export function outlineSchema(schema: unknown, depth = OUTLINE_DEPTH): unknown {
  if (Array.isArray(schema)) return schema.map((s) => outlineSchema(s, depth));
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    const nested = ["properties", "items", "anyOf", "oneOf", "allOf", "additionalProperties", "required"].includes(key);
    if (nested && depth <= 0) continue;
    if (key === "properties")
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, s]) => [name, outlineSchema(s, depth - 1)]),
      );
    else if (key === "items" || key === "anyOf" || key === "oneOf" || key === "allOf")
      out[key] = outlineSchema(value, depth - 1);
    else out[key] = value;
  }
  return out;
}

/**
 * The product's `bazaar` declaration. The method is filled in as the library's resource-server
 * extension does for an HTTP route (its declarations leave it to the transport). The output is a
 * short example answer with an outline of the result schema: x402 clients echo every declared
 * extension into PAYMENT-SIGNATURE, so the whole result schemas (the shortlist's is 6 KB, with
 * its descriptions and rules) stay in the OpenAPI document, which `free.docs` and the bazaar list
 * point to.
 */
export function bazaarDeclaration(product: SellableProduct): DiscoveryExtension {
  const output =
    product.resultSchema && product.resultExample
      ? {
          example: product.resultExample(),
          schema: outlineSchema(z.toJSONSchema(product.resultSchema, { io: "output" })) as Record<string, unknown>,
        }
      : undefined;
  const { bazaar } = declareDiscoveryExtension({
    bodyType: "json",
    input: product.example,
    inputSchema: z.toJSONSchema(product.requestSchema, { io: "input" }) as Record<string, unknown>,
    ...(output && { output }),
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
