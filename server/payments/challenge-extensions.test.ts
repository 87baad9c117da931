// The `bazaar` extension every product's 402 declares: valid against the schema it carries and the
// Bazaar specification's rules, as @x402/extensions checks them, and read back by the library's
// facilitator side from the payment a client builds.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import {
  extractDiscoveryInfo,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  type DiscoveryExtension,
} from "@x402/extensions/bazaar";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PRODUCT_LIST } from "@/server/products/products";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { createTestAgent } from "@/test/payments/agent";
import { createQueuedX402Agent } from "@/test/payments/mpp-agent";
import { decodeHeaderJson } from "./header-codec";
import { describeProduct } from "./purchase-flow";

const runtime = paymentRuntime();

describe("the bazaar extension of every paid route's 402", () => {
  it("declares method, body example and body schema; validates against the library's schema and the spec", async () => {
    expect(runtime.products.length).toBe(4);
    for (const product of runtime.products) {
      const required = decodePaymentRequiredHeader(
        (await describeProduct(runtime, product)).headers["payment-required"]!,
      );
      const bazaar = required.extensions?.bazaar as DiscoveryExtension;
      expect(validateDiscoveryExtension(bazaar), product.id).toEqual({ valid: true });
      expect(validateDiscoveryExtensionSpec(bazaar as never), product.id).toEqual({ valid: true });
      expect(bazaar.info.input).toEqual({ type: "http", method: "POST", bodyType: "json", body: product.example });
      expect((bazaar.schema.properties.input.properties as Record<string, unknown>).method).toEqual({
        type: "string",
        enum: ["POST"],
      });
      expect(required.resource.url).toBe(`${runtime.baseUrl}${product.path}`);
      // The output: the product's example answer, which parses as a real answer does, and the
      // outline of the answer's schema (its fields, without descriptions, two levels deep).
      const definition = PRODUCT_LIST.find((p) => p.id === product.id)!;
      expect(bazaar.info.output).toEqual({ type: "json", example: definition.resultExample() });
      expect(definition.resultSchema.safeParse(bazaar.info.output!.example).success, product.id).toBe(true);
      const outline = bazaar.schema.properties.output!.properties!.example as { properties: Record<string, unknown> };
      expect(Object.keys(outline.properties).sort()).toEqual(
        Object.keys((definition.resultSchema as z.ZodObject).shape).sort(),
      );
      expect(JSON.stringify(outline)).not.toContain('"description"');
      // An answer that breaks the outline (a field of the wrong type) fails the declaration's schema.
      const wrong = { ...bazaar, info: { ...bazaar.info, output: { type: "json", example: { ok: "yes" } } } };
      expect(validateDiscoveryExtension(wrong as DiscoveryExtension).valid, product.id).toBe(false);
      // A body that breaks the request schema fails the declaration's own schema.
      const broken = { ...bazaar, info: { input: { ...bazaar.info.input, body: { unknown_field: 1 } } } };
      expect(validateDiscoveryExtension(broken as DiscoveryExtension).valid, product.id).toBe(false);
    }
  });

  it("a facilitator reads it from the payment an x402 client builds (the client echoes it)", async () => {
    const agent = await createTestAgent();
    const [product] = runtime.products;
    const header = (await describeProduct(runtime, product!)).headers["payment-required"]!;
    const payload = decodeHeaderJson(await agent.sign(header)) as PaymentPayload;
    const found = extractDiscoveryInfo(payload, payload.accepted);
    expect(found).toMatchObject({ resourceUrl: `${runtime.baseUrl}${product!.path}`, method: "POST" });
  });

  it("keeps every product's PAYMENT-SIGNATURE under 8 KB, though the client echoes the extensions into it", async () => {
    // 8 KB: the longest header line a default nginx (large_client_header_buffers 4 8k) passes on.
    const agent = await createQueuedX402Agent(0);
    for (const product of runtime.products) {
      const header = (await describeProduct(runtime, product)).headers["payment-required"]!;
      const signature = await agent.sign(header);
      expect(signature.length, product.id).toBeLessThan(8 * 1024);
    }
  });
});
