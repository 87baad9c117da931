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
import { paymentRuntime } from "@/server/products/shop-runtime";
import { createTestAgent } from "@/test/payments/agent";
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
});
