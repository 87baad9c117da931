// The REST route end to end (Request in, Response out), and property tests: whatever the body
// and headers, the answer is never a 5xx and never charges without a valid purchase.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTestAgent } from "@/test/payments/agent";
import { shopRoute } from "@/test/shop-route";

const { GET, POST } = shopRoute("shortlist");

const URL_ = "http://marketplace.test/api/shop/shortlist";

async function challenge() {
  return (await GET(new Request(URL_))).headers.get("payment-required")!;
}

function post(body: string | undefined, headers: Record<string, string> = {}) {
  return POST(new Request(URL_, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }));
}

describe("/api/shop/shortlist route", () => {
  it("GET and unsigned POST: the same 402 bytes and PAYMENT-REQUIRED header", async () => {
    const get = await GET(new Request(URL_));
    const unsigned = await post(undefined);
    expect(get.status).toBe(402);
    expect(unsigned.status).toBe(402);
    expect(await unsigned.text()).toBe(await get.text());
    expect(unsigned.headers.get("payment-required")).toBe(get.headers.get("payment-required"));
    // Valid in base64 and base64url at once.
    expect(get.headers.get("payment-required")).toMatch(/^[A-Za-z0-9]+$/);
  });

  it("pays end to end through the route", async () => {
    const agent = await createTestAgent();
    const res = await post(
      JSON.stringify({
        request_id: `route-${Date.now()}`,
        outcome: "send transactional email from an agent",
        search: "terms",
      }),
      {
        "payment-signature": await agent.sign(await challenge()),
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect(await agent.balance()).toBe(999_000n);
  });

  it("refuses duplicate condition ids with 400 and the issue path before charging", async () => {
    const agent = await createTestAgent();
    const body = {
      request_id: `dup-ids-${Date.now()}`,
      outcome: "send transactional email from an agent",
      search: "terms",
      conditions: [
        { id: "a", requirement: "SOC 2" },
        { id: "a", requirement: "webhooks" },
      ],
    };
    const res = await post(JSON.stringify(body), { "payment-signature": await agent.sign(await challenge()) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request", issues: [{ path: "conditions.1.id" }] });
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("a body the published schema accepts (1,300 emoji and a word) is sold, not refused after payment", async () => {
    const agent = await createTestAgent();
    const body = {
      request_id: `emoji-${Date.now()}`,
      outcome: `${"\u{1F600}".repeat(1300)} email`,
      search: "terms",
      conditions: [{ id: "c2", requirement: "SOC 2" }, "webhooks"],
    };
    const res = await post(JSON.stringify(body), { "payment-signature": await agent.sign(await challenge()) });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { shortlist: { query: { conditions: { id: string }[] } } };
    expect(json.shortlist.query.conditions.map((c) => c.id)).toEqual(["c2", "c3"]);
    expect(await agent.balance()).toBe(999_000n);
  });

  it("refuses a body over the cap with 413 before parsing, uncharged", async () => {
    const agent = await createTestAgent();
    const res = await post(JSON.stringify({ request_id: "too-big-0001", outcome: "x".repeat(70_000) }), {
      "payment-signature": await agent.sign(await challenge()),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "payload_too_large", charged: false });
    expect(await agent.balance()).toBe(1_000_000n);
  });
});

describe("property: never a 5xx", () => {
  const validBody = { request_id: "prop-body-0001", outcome: "weather forecast api for routes", search: "terms" };
  // Strings over the whole UTF-16 range: U+0000, lone surrogates and control characters included.
  const text = (maxLength?: number) => fc.string({ unit: "binary", maxLength });
  const anyJson = () => fc.jsonValue({ stringUnit: "binary" });
  const bodies = fc.oneof(
    anyJson().map((v) => JSON.stringify(v)),
    text(),
    fc
      .record({
        request_id: fc.oneof(
          text(),
          fc.stringMatching(/^[a-z0-9-]{8,20}$/).map((k) => k + "\u0000"),
          fc.integer(),
          fc.constant(undefined),
        ),
        outcome: fc.oneof(text(3000), fc.constant("weather forecasts \ud800 for routes"), fc.constant(null)),
        conditions: fc.oneof(
          fc.array(fc.oneof(text(), fc.record({ requirement: text(), priority: text(), id: text() })), {
            maxLength: 15,
          }),
          anyJson(),
        ),
        constraints: fc.oneof(
          fc.record({ protocol: text(), tested: text(), maxPriceUsd: fc.oneof(fc.double(), text()) }),
          anyJson(),
        ),
        search: fc.oneof(fc.constantFrom("all", "exact", "terms", "semantic", "hybrid"), text()),
        limit: fc.oneof(fc.integer({ min: -3, max: 9 }), fc.double(), text()),
      })
      .map((o) => JSON.stringify(o)),
  );
  const signatures = fc.oneof(
    fc.string(),
    anyJson().map((v) => Buffer.from(JSON.stringify(v)).toString("base64")),
    fc
      .record({ x402Version: fc.oneof(fc.constant(2), fc.integer()), accepted: anyJson(), payload: anyJson() })
      .map((v) => Buffer.from(JSON.stringify(v)).toString("base64url")),
  );
  const keys = fc.oneof(fc.string({ maxLength: 250 }), fc.stringMatching(/^[A-Za-z0-9._:-]{8,40}$/));

  it("random bodies and headers, signed or not", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, fc.option(signatures), fc.option(keys), async (body, signature, key) => {
        const headers: Record<string, string> = {};
        if (signature !== null) headers["payment-signature"] = signature.replace(/[\r\n\0]/g, "");
        if (key !== null) headers["idempotency-key"] = key.replace(/[^\x20-\x7e]/g, "");
        const res = await post(body, headers);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(await res.json()).toHaveProperty("error");
      }),
      { numRuns: 300 },
    );
  });

  it("a valid signature with mutated bodies: 200, 400 or 422, never a 5xx; at most one charge", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challenge());
    await fc.assert(
      fc.asyncProperty(
        anyJson(),
        fc.constantFrom("outcome", "limit", "search", "conditions", "constraints", "request_id", "extra"),
        async (value, field) => {
          const res = await post(JSON.stringify({ ...validBody, [field]: value }), { "payment-signature": signature });
          expect(res.status).toBeLessThan(500);
          expect([200, 400, 402, 409, 422]).toContain(res.status);
        },
      ),
      { numRuns: 150 },
    );
    expect(await agent.balance()).toBeGreaterThanOrEqual(999_000n);
  });
});
