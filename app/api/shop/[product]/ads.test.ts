// The paid ad route end to end (Request in, Response out): its 402, its methods, and hostile
// bodies and headers: never a 5xx, never a charge without an eligible ad and a valid purchase.
import fc from "fast-check";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { paymentRequiredBodySchema } from "@/server/payments/challenge";
import { createTestAgent } from "@/test/payments/agent";
import { shopRoute } from "@/test/shop-route";

const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = shopRoute("ads");

const URL_ = "http://marketplace.test/api/shop/ads";

async function challenge() {
  return (await GET(new Request(URL_))).headers.get("payment-required")!;
}

function post(body: string | undefined, headers: Record<string, string> = {}) {
  return POST(new Request(URL_, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }));
}

describe("/api/shop/ads route", () => {
  it("GET and unsigned POST: the same 402, the ad product at 0.002 USD over x402", async () => {
    const get = await GET(new Request(URL_));
    const unsigned = await post(JSON.stringify({ context: { query: "weather" } }));
    expect(get.status).toBe(402);
    expect(unsigned.status).toBe(402);
    const text = await get.text();
    expect(await unsigned.text()).toBe(text);
    expect(unsigned.headers.get("payment-required")).toBe(get.headers.get("payment-required"));
    const body = paymentRequiredBodySchema.strict().parse(JSON.parse(text));
    expect(body.product).toMatchObject({
      id: "ad",
      operationId: "buySponsoredAd",
      method: "POST",
      path: "http://marketplace.test/api/shop/ads",
      price: { amount: "0.002", currency: "USD", mode: "fixed" },
      protocols: ["x402"],
      delivery: "immediate",
      example: { request_id: expect.any(String), context: expect.any(Object) },
    });
    // The published request schema says "query, capability or both", as the refinement does.
    expect(
      (body.product.requestSchema as { properties: { context: { anyOf: unknown[] } } }).properties.context.anyOf,
    ).toEqual([{ required: ["query"] }, { required: ["capability"] }]);
    expect(decodePaymentRequiredHeader(get.headers.get("payment-required")!).accepts[0]).toMatchObject({
      amount: "2000",
    });
  });

  it("other methods: 405 JSON with Allow; OPTIONS 204 with Allow", async () => {
    for (const [method, handler] of [
      ["PUT", PUT],
      ["DELETE", DELETE],
      ["PATCH", PATCH],
    ] as const) {
      const res = await handler(new Request(URL_, { method }));
      expect(res.status).toBe(405);
      expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    }
    const options = await OPTIONS(new Request(URL_, { method: "OPTIONS" }));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("refuses bodies that break the schema with 400 and the issue path, uncharged", async () => {
    const agent = await createTestAgent();
    const cases: [unknown, string][] = [
      [{ request_id: "ad-bad-0001", context: {} }, "context"],
      [{ request_id: "ad-bad-0002", context: { query: "" } }, "context.query"],
      [{ request_id: "ad-bad-0003", context: { query: "   " } }, "context.query"],
      [{ request_id: "ad-bad-0004", context: { query: "x".repeat(201) } }, "context.query"],
      [{ request_id: "ad-bad-0005", context: { capability: "weather" } }, "context.capability"],
      [{ request_id: "ad-bad-0006", context: { query: "weather", extra: 1 } }, "context.extra"],
      [{ request_id: "ad-bad-0007", context: { query: "weather" }, placement: "x" }, "placement"],
      [{ request_id: "ad-bad-0008", context: { query: "weather \u0000" } }, "context.query"],
      [{ request_id: "ad-bad-0009", context: { query: "weather \ud800" } }, "context.query"],
      [{ request_id: "ad-bad-0010" }, "context"],
      [{ request_id: "ad-bad-0011", context: [{ query: "weather" }] }, "context"],
    ];
    for (const [body, path] of cases) {
      const res = await post(JSON.stringify(body), { "payment-signature": await agent.sign(await challenge()) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as { error: string; charged: boolean; issues: { path: string }[] };
      expect(json).toMatchObject({ error: "invalid_request", charged: false });
      expect(json.issues.map((i) => i.path)).toContain(path);
    }
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("a deeply nested body and a body over the cap: 400 and 413, uncharged", async () => {
    const agent = await createTestAgent();
    const deep = `{"request_id":"ad-deep-0001","context":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const nested = await post(deep, { "payment-signature": await agent.sign(await challenge()) });
    expect(nested.status).toBe(400);
    const big = await post(JSON.stringify({ request_id: "ad-big-0001", context: { query: "x".repeat(70_000) } }), {
      "payment-signature": await agent.sign(await challenge()),
    });
    expect(big.status).toBe(413);
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("no eligible ad: 409 {error, message, charged: false} with no PAYMENT-RESPONSE", async () => {
    const agent = await createTestAgent();
    const res = await post(
      JSON.stringify({ request_id: "ad-none-0001", context: { query: "nothing-targets-this-word-zzqv" } }),
      { "payment-signature": await agent.sign(await challenge()) },
    );
    expect(res.status).toBe(409);
    expect(res.headers.get("payment-response")).toBeNull();
    expect(await res.json()).toEqual({
      error: "no_eligible_ad",
      message: expect.stringContaining("Nothing was verified or charged"),
      charged: false,
    });
    expect(await agent.balance()).toBe(1_000_000n);
  });
});

describe("property: never a 5xx, never a charge without an ad", () => {
  const text = (maxLength?: number) => fc.string({ unit: "binary", maxLength });
  const anyJson = () => fc.jsonValue({ stringUnit: "binary" });
  const bodies = fc.oneof(
    anyJson().map((v) => JSON.stringify(v)),
    text(),
    fc
      .record({
        request_id: fc.oneof(text(), fc.stringMatching(/^[a-z0-9-]{8,20}$/), fc.integer(), fc.constant(undefined)),
        context: fc.oneof(
          fc.record(
            {
              query: fc.oneof(text(300), fc.constant(null)),
              capability: fc.oneof(text(), fc.constantFrom("maps-weather", "search")),
            },
            { requiredKeys: [] },
          ),
          anyJson(),
        ),
      })
      .map((o) => JSON.stringify(o)),
  );
  const signatures = fc.oneof(
    fc.string(),
    anyJson().map((v) => Buffer.from(JSON.stringify(v)).toString("base64")),
  );

  it("random bodies and headers, signed or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.option(signatures),
        fc.option(fc.string({ maxLength: 250 })),
        async (body, signature, key) => {
          const headers: Record<string, string> = {};
          if (signature !== null) headers["payment-signature"] = signature.replace(/[\r\n\0]/g, "");
          if (key !== null) headers["idempotency-key"] = key.replace(/[^\x20-\x7e]/g, "");
          const res = await post(body, headers);
          expect(res.status).toBeLessThan(500);
          expect(await res.json()).toHaveProperty("error");
        },
      ),
      { numRuns: 150 },
    );
  });

  it("one valid signature with random contexts: 400 or 409, never a charge (no placement is active here)", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challenge());
    await fc.assert(
      fc.asyncProperty(anyJson(), async (context) => {
        const res = await post(JSON.stringify({ request_id: "ad-prop-0001", context }), {
          "payment-signature": signature,
        });
        expect([400, 409]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
    expect(await agent.balance()).toBe(1_000_000n);
  });
});
