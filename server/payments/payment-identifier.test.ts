// x402's payment-identifier extension on the paid routes (decisions.md §3.4): the 402 declares it,
// a generic x402 client (@x402/fetch with the extension's client side) that sends an id gets
// exactly-once and replay without request_id or Idempotency-Key, and an id that disagrees with
// our own keys is refused.
import { randomBytes } from "node:crypto";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import {
  appendPaymentIdentifierToExtensions,
  generatePaymentId,
  PAYMENT_IDENTIFIER,
} from "@x402/extensions/payment-identifier";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { createTestAgent, type TestAgent } from "@/test/payments/agent";
import { createMppAgent } from "@/test/payments/mpp-agent";
import { buyQueued, ordersOfKey, queuedBody } from "@/test/payments/queued-shop";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { shopRoute } from "@/test/shop-route";
import { decodeHeaderJson } from "./header-codec";
import { describeProduct } from "./purchase-flow";

const runtime = paymentRuntime();
const PRICE = 1000n;
const url = `http://marketplace.test${shortlistProduct.path}`;
const route = shopRoute("shortlist");
const routeFetch = (input: RequestInfo | URL, init?: RequestInit) => route.POST(new Request(input, init));

/** A generic x402 client that sends `id` in the payment-identifier extension of every payment it makes. */
function identifiedClient(agent: TestAgent, id: string) {
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(agent.account));
  client.onBeforePaymentCreation(async ({ paymentRequired }) => {
    appendPaymentIdentifierToExtensions((paymentRequired.extensions ??= {}), id);
  });
  return wrapFetchWithPayment(routeFetch, client);
}

/** A PAYMENT-SIGNATURE of `agent` carrying `id` (or the given extension value) under payment-identifier. */
async function signWithId(agent: TestAgent, id: unknown, raw = false): Promise<string> {
  const header = (await describe402(runtime)).headers["payment-required"]!;
  const payload = decodeHeaderJson(await agent.sign(header)) as { extensions: Record<string, unknown> };
  payload.extensions[PAYMENT_IDENTIFIER] = raw
    ? id
    : { ...(payload.extensions[PAYMENT_IDENTIFIER] as object), info: { required: false, id } };
  return encodePaymentSignatureHeader(payload as never);
}

const withoutKey = () => {
  const { request_id: _omitted, ...body } = shortlistBody();
  return body;
};

describe("the payment-identifier extension on the paid routes", () => {
  it("every 402 declares it, optional, as the library does; GET and unsigned POST send the same bytes", async () => {
    for (const product of runtime.products) {
      const reply = await describeProduct(runtime, product);
      const required = decodePaymentRequiredHeader(reply.headers["payment-required"]!) as PaymentRequired;
      expect(required.extensions?.[PAYMENT_IDENTIFIER]).toEqual({
        info: { required: false },
        schema: expect.objectContaining({ required: ["required"] }),
      });
    }
    const get = await route.GET(new Request(url));
    const post = await route.POST(new Request(url, { method: "POST", body: "{}" }));
    expect(post.headers.get("payment-required")).toBe(get.headers.get("payment-required"));
    expect(await post.text()).toBe(await get.text());
  });

  it("a generic x402 client retried 20 times at once with one id: one settlement, the same answer for all", async () => {
    const agent = await createTestAgent();
    const id = generatePaymentId();
    const pay = identifiedClient(agent, id);
    const body = JSON.stringify(withoutKey());
    const call = async () => {
      // A client that honours 409 purchase_in_progress + Retry-After (shortened here).
      for (;;) {
        const r = await pay(url, { method: "POST", headers: { "content-type": "application/json" }, body });
        const json = (await r.json()) as Record<string, unknown>;
        if (r.status !== 409 || json.error !== "purchase_in_progress") return { status: r.status, json };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const answers = await Promise.all(Array.from({ length: 20 }, call));
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(answers.filter((a) => a.json.idempotentReplay === false)).toHaveLength(1);
    const results = new Set(answers.map((a) => JSON.stringify({ ...a.json, idempotentReplay: null })));
    expect(results.size).toBe(1);
    expect(answers[0]!.json.requestId).toBe(id);
    expect(await db.purchase.count({ where: { payer: agent.address } })).toBe(1);
    expect(await db.localTransfer.count({ where: { payer: agent.address } })).toBe(1);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);

    // Later retries, each with a new authorization, keep getting the stored answer and pay nothing.
    const later = await call();
    expect(later).toMatchObject({ status: 200, json: { idempotentReplay: true, requestId: id } });
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("the same id for another request is 409 payment_identifier_reused, nothing charged", async () => {
    const agent = await createTestAgent();
    const id = generatePaymentId();
    const body = withoutKey();
    expect((await buy(runtime, { body, signature: await signWithId(agent, id) })).status).toBe(200);
    const other = await buy(runtime, { body: { ...body, limit: 1 }, signature: await signWithId(agent, id) });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ error: "payment_identifier_reused", charged: false });
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("the same signature and id again is a replay, byte for byte but idempotentReplay", async () => {
    const agent = await createTestAgent();
    const signature = await signWithId(agent, generatePaymentId());
    const body = withoutKey();
    const first = await buy(runtime, { body, signature });
    const again = await buy(runtime, { body, signature });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(again.headers["payment-response"]).toBe(first.headers["payment-response"]);
  });

  it("a forged authorization under the payer's address and id gets no stored answer (409 in use) and pays nothing", async () => {
    const [victim, attacker] = [await createTestAgent(), await createTestAgent(0)];
    const id = generatePaymentId();
    const body = withoutKey();
    const paid = await buy(runtime, { body, signature: await signWithId(victim, id) });
    expect(paid.status).toBe(200);
    const forged = decodeHeaderJson(await signWithId(attacker, id)) as {
      payload: { signature: string; authorization: { from: string } };
    };
    forged.payload.authorization.from = victim.address;
    forged.payload.signature = `0x${randomBytes(65).toString("hex")}`;
    const stolen = await buy(runtime, { body, signature: encodePaymentSignatureHeader(forged as never) });
    expect(stolen.status).toBe(409);
    expect(stolen.json.error).toBe("idempotency_key_in_use");
    expect(stolen.text).not.toContain("idempotentReplay");
    expect(await victim.balance()).toBe(1_000_000n - PRICE);
  });

  it("an id and our own keys must agree: equal is one key, different is 400 idempotency_key_mismatch", async () => {
    const agent = await createTestAgent();
    const id = generatePaymentId();
    const both = await buy(runtime, {
      body: { ...withoutKey(), request_id: id },
      signature: await signWithId(agent, id),
    });
    expect(both.status, both.text).toBe(200);
    expect(both.json.requestId).toBe(id);

    for (const options of [
      { body: { ...withoutKey(), request_id: `other-${id}` } },
      { body: withoutKey(), idempotencyKey: `other-${id}` },
    ]) {
      const r = await buy(runtime, { ...options, signature: await signWithId(agent, generatePaymentId()) });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ error: "idempotency_key_mismatch", charged: false });
      expect(r.json.message).toContain("payment-identifier");
    }
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("a malformed id is 400 invalid_request naming it; no id and no key is 400 idempotency_key_required", async () => {
    const agent = await createTestAgent();
    for (const [value, raw] of [
      ["short", false],
      ["has spaces in it, sixteen+", false],
      ["x".repeat(129), false],
      [42, false],
      ["a\u0000bcdefghijklmnopq", false],
      ["\ud800bcdefghijklmnopq", false],
      ["not an object", true],
      [{ schema: { pattern: "(a+)+$" } }, true],
    ] as const) {
      const r = await buy(runtime, { body: shortlistBody(), signature: await signWithId(agent, value, raw) });
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect(r.json).toMatchObject({
        error: "invalid_request",
        issues: [expect.objectContaining({ path: "PAYMENT-SIGNATURE.extensions.payment-identifier.info.id" })],
      });
    }
    const none = await buy(runtime, {
      body: withoutKey(),
      signature: await agent.sign((await describe402(runtime)).headers["payment-required"]!),
    });
    expect(none.status).toBe(400);
    expect(none.json.error).toBe("idempotency_key_required");
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("a queued product paid with MPP is unaffected: 202, one order, replayed by its credential", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const first = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(first.status, first.text).toBe(202);
    const again = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(again.status).toBe(202);
    expect(again.json.idempotentReplay).toBe(true);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);
  });
});
