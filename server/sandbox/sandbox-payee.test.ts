// The seeded sandbox payees are the addresses of keys derived from the slugs: a test (or a person
// trying the marketplace offline) holds the key of every sandbox provider's payee.
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadSandboxOffers } from "./sandbox-catalog";
import { sandboxPayeeKey, sandboxPayTo } from "./sandbox-payee";

describe("sandbox payees", () => {
  it("every seeded sandbox x402 offer pays the address of sandboxPayeeKey(slug)", async () => {
    const offers = await loadSandboxOffers();
    expect(offers.length).toBeGreaterThan(10);
    for (const o of offers) {
      expect(o.payTo.toLowerCase(), o.slug).toBe(privateKeyToAccount(sandboxPayeeKey(o.slug)).address.toLowerCase());
      expect(o.payTo.toLowerCase()).toBe(sandboxPayTo(o.slug));
    }
    // One payee per service.
    expect(new Set(offers.map((o) => o.payTo.toLowerCase())).size).toBe(new Set(offers.map((o) => o.slug)).size);
  });
});
