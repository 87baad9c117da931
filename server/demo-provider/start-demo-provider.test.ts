// The demo provider against the in-process local facilitator, paid by the official x402 client
// signing real EIP-3009 authorizations (test/payments/agent.ts) and by @x402/fetch.
import { randomBytes } from "node:crypto";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { X402_ASSET } from "@/server/payments/payment-network";
import { createTestAgent } from "@/test/payments/agent";
import { DEMO_PROVIDER_PAY_TO, startDemoProvider, type DemoProvider } from "./start-demo-provider";

const payTo = `0x${randomBytes(20).toString("hex")}`;
let provider: DemoProvider;
beforeAll(async () => {
  provider = await startDemoProvider({ facilitator: createLocalFacilitator(), payTo });
});
afterAll(() => provider.close());

const call = (path: string, init: RequestInit = {}) => fetch(`${provider.url}${path}`, init);
const key = () => `test-${randomBytes(8).toString("hex")}`;
const transfersTo = (address: string) => db.localTransfer.count({ where: { payTo: address.toLowerCase() } });

async function paidQuote(agent: Awaited<ReturnType<typeof createTestAgent>>, symbol: string, idempotencyKey?: string) {
  const unpaid = await call(`/v1/quote?symbol=${symbol}`);
  const headers: Record<string, string> = {
    "payment-signature": await agent.sign(unpaid.headers.get("payment-required")!),
  };
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  return call(`/v1/quote?symbol=${symbol}`, { headers });
}

describe("demo provider", () => {
  it("answers an unpaid call with 402 and the reference PAYMENT-REQUIRED for the local asset", async () => {
    const res = await call("/v1/quote?symbol=ACME");
    expect(res.status).toBe(402);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const required = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
    expect(required.x402Version).toBe(2);
    expect(required.resource.url).toBe(`${provider.url}/v1/quote`);
    expect(required.accepts).toEqual([
      expect.objectContaining({ scheme: "exact", network: "eip155:84532", asset: X402_ASSET, amount: "1000", payTo }),
    ]);
    expect(await res.json()).toMatchObject({ error: "payment_required", product: { id: "quote", priceUsd: "0.001" } });
  });

  it("verifies and settles a signed payment: 200 with the product and PAYMENT-RESPONSE; balances move by the price", async () => {
    const agent = await createTestAgent(1);
    const before = await localBalance(payTo);
    const res = await paidQuote(agent, "ACME");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, product: "quote", result: { symbol: "ACME", currency: "USD" } });
    const settled = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(settled).toMatchObject({ success: true, network: "eip155:84532" });
    expect(settled.payer?.toLowerCase()).toBe(agent.address);
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
    expect((await localBalance(payTo)) - before).toBe(1000n);
    // Deterministic: the same symbol, the same numbers.
    expect((await (await paidQuote(agent, "ACME")).json()).result).toEqual(body.result);
  });

  it("answers the same Idempotency-Key again with the same answer and no second settlement", async () => {
    const agent = await createTestAgent(1);
    const k = key();
    const first = await paidQuote(agent, "IDEM", k);
    expect(first.status).toBe(200);
    const transfers = await transfersTo(payTo);
    const again = await paidQuote(agent, "IDEM", k); // a fresh signature: still no second charge
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    expect(await transfersTo(payTo)).toBe(transfers);
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
    // The key is bound to its request.
    const other = await paidQuote(agent, "OTHER", k);
    expect(other.status).toBe(422);
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
  });

  it("settles concurrent duplicates of one key once: the others are 409 in progress or the replay", async () => {
    const agent = await createTestAgent(1);
    const k = key();
    const required = (await call("/v1/quote?symbol=RACE")).headers.get("payment-required")!;
    const signatures = await Promise.all(Array.from({ length: 5 }, () => agent.sign(required)));
    const answers = await Promise.all(
      signatures.map((sig) =>
        call("/v1/quote?symbol=RACE", { headers: { "payment-signature": sig, "idempotency-key": k } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.headers.get("retry-after")).toBe("1");
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
  });

  it("refuses a replayed authorization, and bad input before charging", async () => {
    const agent = await createTestAgent(1);
    const unpaid = await call("/v1/quote?symbol=ONE");
    const signature = await agent.sign(unpaid.headers.get("payment-required")!);
    expect((await call("/v1/quote?symbol=ONE", { headers: { "payment-signature": signature } })).status).toBe(200);
    const replay = await call("/v1/quote?symbol=ONE", { headers: { "payment-signature": signature } });
    expect(replay.status).toBe(402);
    expect(decodePaymentRequiredHeader(replay.headers.get("payment-required")!).error).toBeTruthy();
    const bad = await call("/v1/quote?symbol=%00bad", {
      headers: { "payment-signature": await agent.sign(unpaid.headers.get("payment-required")!) },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("invalid_request");
    const garbage = await call("/v1/quote?symbol=ONE", { headers: { "payment-signature": "not-a-payment" } });
    expect(garbage.status).toBe(402);
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
  });

  it("is paid by @x402/fetch for a POST product", async () => {
    const agent = await createTestAgent(1);
    const pay = wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(agent.account)));
    const res = await pay(`${provider.url}/v1/summarize`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Agents pay per call. Every call is recorded!" }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result).toMatchObject({ words: 8, sentences: 2, firstSentence: "Agents pay per call." });
    expect(await agent.balance()).toBe(1_000_000n - 2000n);
  });

  it("answers hostile and wrong requests with JSON 4xx, and counts its hits", async () => {
    const before = provider.hits("/v1/summarize");
    const cases: [Promise<Response>, number][] = [
      [call("/nope"), 404],
      [call("/v1/summarize"), 405],
      [
        call("/v1/summarize", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "x".repeat(64 * 1024 + 1),
        }),
        413,
      ],
      [
        call("/v1/summarize", {
          method: "POST",
          headers: { "content-type": "text/plain", "payment-signature": "x" },
          body: "{}",
        }),
        415,
      ],
      [
        call("/v1/summarize", {
          method: "POST",
          headers: { "content-type": "application/json", "payment-signature": "x" },
          body: "[".repeat(5000),
        }),
        400,
      ],
      [
        call("/v1/summarize", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": "bad key!" },
          body: "{}",
        }),
        400,
      ],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(typeof (await res.json()).error).toBe("string");
    }
    expect(provider.hits("/v1/summarize")).toBe(before + 5);
    expect(provider.hits()).toBeGreaterThanOrEqual(provider.hits("/v1/summarize") + 1);
  });

  it("answers 503 without charging when its facilitator is down", async () => {
    const down = await startDemoProvider({ facilitator: { url: "http://127.0.0.1:9/facilitator" } });
    try {
      const res = await fetch(`${down.url}/v1/quote?symbol=ACME`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: "facilitator_unavailable", charged: false });
    } finally {
      await down.close();
    }
    expect(DEMO_PROVIDER_PAY_TO).toMatch(/^0x[0-9a-f]{40}$/);
  });
});
