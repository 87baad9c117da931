// The purchase state table of the specification and every rule of decisions.md §3, one test each,
// against a real PostgreSQL with real EIP-3009 authorizations signed by the official x402 client.
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { shortlistSchema } from "@/server/shortlist/result-schema";
import { createTestAgent } from "@/test/payments/agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { shortlistPurchaseSchema } from "@/server/openapi/reply-schemas";
import { paymentRequiredBodySchema } from "./challenge";
import { decodeHeaderJson } from "./header-codec";
import { createPaymentRuntime } from "./payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { LOCAL_PAY_TO, paymentConfigFromEnv } from "./payment-config";
import { withPurchaseLock } from "./purchase-lock";
import { clearCompletedPurchases } from "./completed-purchases";
import { shortlistProduct } from "@/server/products/shortlist-product";

const runtime = paymentRuntime();
const PRICE = 1000n;

async function challengeHeader() {
  return (await describe402(runtime)).headers["payment-required"]!;
}

const transfersOf = (payer: string) => db.localTransfer.count({ where: { payer } });
const purchaseOf = (key: string) => db.purchase.findFirst({ where: { idempotencyKey: key } });

describe("GET (describe)", () => {
  it("answers 402 with PAYMENT-REQUIRED and {error, product, free}, creating nothing", async () => {
    const before = await db.purchase.count();
    const r = await describe402(runtime);
    expect(r.status).toBe(402);
    const body = paymentRequiredBodySchema.strict().parse(r.json);
    expect(body.product).toMatchObject({
      id: "shortlist",
      operationId: "buySoftwareVendorShortlist",
      method: "POST",
      price: { amount: "0.001", currency: "USD", mode: "fixed" },
      protocols: ["x402"],
      delivery: "immediate",
    });
    expect(body.free).toEqual({
      homepage: "http://marketplace.test/",
      browse_marketplace: "http://marketplace.test/services",
      search_api: "http://marketplace.test/api/catalog/search",
      docs: "http://marketplace.test/docs",
    });
    const required = decodePaymentRequiredHeader(r.headers["payment-required"]!);
    expect(required.x402Version).toBe(2);
    expect(required.accepts).toEqual([
      expect.objectContaining({
        scheme: "exact",
        network: "eip155:84532",
        amount: "1000",
        asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        payTo: LOCAL_PAY_TO,
        extra: { name: "USDC", version: "2" },
      }),
      // The shortlist is sub-cent: batch-settlement is offered after exact (batch/batch-purchase.test.ts).
      expect.objectContaining({ scheme: "batch-settlement", amount: "1000", payTo: LOCAL_PAY_TO }),
    ]);
    expect(r.headers["cache-control"]).toBe("no-store");
    expect(await db.purchase.count()).toBe(before);
  });

  it("ignores a payment credential: the same challenge, nothing verified or settled", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    const { GET } = (await import("@/test/shop-route")).shopRoute("shortlist");
    const res = await GET(
      new Request("http://marketplace.test/api/shop/shortlist", { headers: { "payment-signature": signature } }),
    );
    expect(res.status).toBe(402);
    expect(await res.text()).toBe((await describe402(runtime)).text);
    expect(await agent.balance()).toBe(1_000_000n);
    expect(await transfersOf(agent.address)).toBe(0);
  });

  it("answers 503 payment_unconfigured when payment is switched off", async () => {
    const off = createPaymentRuntime({ ...paymentConfigFromEnv(), payTo: null }, PRODUCT_LIST);
    const r = await describe402(off);
    expect(r.status).toBe(503);
    expect(r.json).toEqual({
      error: "payment_unconfigured",
      message: expect.any(String),
      code: "payment_unconfigured",
      charged: false,
    });
  });
});

describe("unsigned POST", () => {
  it("answers the byte-identical 402 before reading the body, even an empty one", async () => {
    const get = await describe402(runtime);
    for (const rawBody of ["", "{not json", JSON.stringify({ outcome: "x" })]) {
      const r = await buy(runtime, { rawBody });
      expect(r.status).toBe(402);
      expect(r.text).toBe(get.text);
      expect(r.headers["payment-required"]).toBe(get.headers["payment-required"]);
    }
  });

  it("answers 503 payment_unconfigured when payment is switched off", async () => {
    const off = createPaymentRuntime({ ...paymentConfigFromEnv(), payTo: null }, PRODUCT_LIST);
    const r = await buy(off, { body: shortlistBody() });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "payment_unconfigured", charged: false });
  });
});

describe("signed POST", () => {
  it("settles once and answers 200 with the shortlist and PAYMENT-RESPONSE", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const r = await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ok: true, idempotentReplay: false, requestId: body.request_id });
    expect(Object.keys(r.json)).toEqual(["ok", "idempotentReplay", "requestId", "shortlist"]);
    shortlistPurchaseSchema.strict().parse(r.json); // the shape the OpenAPI document publishes
    const shortlist = shortlistSchema.strict().parse(r.json.shortlist);
    expect(shortlist.matches.length).toBeGreaterThan(0);
    expect(shortlist.matches.length).toBeLessThanOrEqual(3);
    const settlement = decodePaymentResponseHeader(r.headers["payment-response"]!);
    expect(settlement).toMatchObject({ success: true, network: "eip155:84532" });
    expect(settlement.payer?.toLowerCase()).toBe(agent.address);
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
    expect(await db.localBalance.findUnique({ where: { address: LOCAL_PAY_TO } })).toMatchObject({
      balanceAtomic: expect.any(BigInt),
    });
    expect(await transfersOf(agent.address)).toBe(1);
  });

  it("keeps the ledger: payer, amount, network, transaction, product, key, fingerprint, state, timestamps", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const r = await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    const row = await purchaseOf(body.request_id as string);
    expect(row).toMatchObject({
      product: "shortlist",
      state: "completed",
      payer: agent.address,
      amountAtomic: PRICE,
      network: "eip155:84532",
      asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
      transaction: decodePaymentResponseHeader(r.headers["payment-response"]!).transaction,
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      responseBody: r.text,
    });
    expect(row!.settledAt).toBeInstanceOf(Date);
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(row!.createdAt.getTime()).toBeLessThanOrEqual(row!.completedAt!.getTime());
  });

  it("takes the Idempotency-Key header when the body has no request_id", async () => {
    const agent = await createTestAgent();
    const { request_id: _, ...body } = shortlistBody();
    const key = `hdr:${Date.now()}.key_1`;
    const r = await buy(runtime, { body, idempotencyKey: key, signature: await agent.sign(await challengeHeader()) });
    expect(r.status).toBe(200);
    expect(r.json.requestId).toBe(key);
  });

  it("accepts the signature in base64url as well as base64", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    const url = Buffer.from(signature, "base64").toString("base64url");
    const r = await buy(runtime, { body: shortlistBody(), signature: url });
    expect(r.status).toBe(200);
  });
});

describe("completed: replays", () => {
  it("replays the identical response with idempotentReplay true and the same PAYMENT-RESPONSE, without settling again", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign(await challengeHeader());
    const first = await buy(runtime, { body, signature });
    const replay = await buy(runtime, { body, signature });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(replay.headers["payment-response"]).toBe(first.headers["payment-response"]);
    // The same JSON sent with other key order and spacing is the same request.
    const reordered = await buy(runtime, {
      rawBody: JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2),
      signature,
    });
    expect(reordered.text).toBe(replay.text);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
    expect(await transfersOf(agent.address)).toBe(1);
  });

  it("answers 409 idempotency_key_in_use to another signature on a completed key; that authorization never settles", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    const other = await agent.sign(await challengeHeader());
    const r = await buy(runtime, { body, signature: other });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ error: "idempotency_key_in_use", charged: false });
    const nonce = (decodeHeaderJson(other) as { payload: { authorization: { nonce: string } } }).payload.authorization
      .nonce;
    expect(await db.localTransfer.count({ where: { nonce: nonce.toLowerCase() } })).toBe(0);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });
});

describe("completed: replays from the ledger (another process, or after a restart)", () => {
  it("replays from the database when nothing is kept in memory, and still refuses another signature", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign(await challengeHeader());
    const first = await buy(runtime, { body, signature });
    clearCompletedPurchases();
    const replay = await buy(runtime, { body, signature });
    expect(replay.text).toBe(first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(replay.headers["payment-response"]).toBe(first.headers["payment-response"]);
    clearCompletedPurchases();
    const other = await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    expect(other.status).toBe(409);
    expect(await transfersOf(agent.address)).toBe(1);
  });

  it("replays a completed purchase even while payment is switched off", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign(await challengeHeader());
    const first = await buy(runtime, { body, signature });
    clearCompletedPurchases();
    const off = createPaymentRuntime({ ...paymentConfigFromEnv(), payTo: null }, PRODUCT_LIST);
    const replay = await buy(off, { body, signature });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
  });
});

describe("keys are scoped per payer", () => {
  it("two agents sending the product's example body as it is (same request_id) each buy their own shortlist", async () => {
    const [a, b] = [await createTestAgent(), await createTestAgent()];
    const ra = await buy(runtime, { body: shortlistProduct.example, signature: await a.sign(await challengeHeader()) });
    const rb = await buy(runtime, { body: shortlistProduct.example, signature: await b.sign(await challengeHeader()) });
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(rb.json.idempotentReplay).toBe(false);
    expect(await a.balance()).toBe(1_000_000n - PRICE);
    expect(await b.balance()).toBe(1_000_000n - PRICE);
  });

  it("a key that spells out another payer and key does not answer for that payer's purchase", async () => {
    const [a, b] = [await createTestAgent(), await createTestAgent()];
    const key = `victim-${Date.now()}`;
    const spoof = await buy(runtime, {
      body: shortlistBody({ request_id: `${b.address}:${key}`, limit: 1 }),
      signature: await a.sign(await challengeHeader()),
    });
    expect(spoof.status).toBe(200);
    const own = await buy(runtime, {
      body: shortlistBody({ request_id: key }),
      signature: await b.sign(await challengeHeader()),
    });
    expect(own.status).toBe(200);
    expect(own.json.idempotentReplay).toBe(false);
  });

  it("an unfunded agent cannot squat another agent's key", async () => {
    const squatter = await createTestAgent(0);
    const victim = await createTestAgent();
    const body = shortlistBody();
    expect(
      (await buy(runtime, { body: { ...body, limit: 1 }, signature: await squatter.sign(await challengeHeader()) }))
        .status,
    ).toBe(402);
    expect((await buy(runtime, { body, signature: await victim.sign(await challengeHeader()) })).status).toBe(200);
  });
});

describe("decisions §3: validation and keys", () => {
  it("signed POST with an invalid body: 400 invalid_request with issues, balance unchanged, nothing stored", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    for (const body of [
      {},
      { request_id: "bad-body-1", outcome: "short" },
      { ...shortlistBody(), limit: 9, extra: true },
    ]) {
      const r = await buy(runtime, { body, signature });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("invalid_request");
      expect(r.json.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: expect.any(String), message: expect.any(String) })]),
      );
    }
    const empty = await buy(runtime, { rawBody: "", signature });
    expect(empty.status).toBe(400);
    expect(await agent.balance()).toBe(1_000_000n);
    expect(await db.purchase.count({ where: { payer: agent.address } })).toBe(0);
  });

  it("strings the database cannot store (U+0000, unpaired surrogates): 400 naming the field, never a 5xx", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    for (const [field, value] of [
      ["request_id", "key-with-\u0000-nul"],
      ["outcome", "weather \u0000 forecasts for routes"],
      ["outcome", "weather \ud800 forecasts for routes"],
    ] as const) {
      const r = await buy(runtime, { body: { ...shortlistBody(), [field]: value }, signature });
      expect(r.status).toBe(400);
      expect(r.json.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    }
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("signed POST with malformed JSON: 400 invalid_json", async () => {
    const agent = await createTestAgent();
    const r = await buy(runtime, { rawBody: '{"outcome": ', signature: await agent.sign(await challengeHeader()) });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("invalid_json");
  });

  it("request_id and Idempotency-Key both present and different: 400 idempotency_key_mismatch", async () => {
    const agent = await createTestAgent();
    const r = await buy(runtime, {
      body: shortlistBody(),
      idempotencyKey: "another-key-123",
      signature: await agent.sign(await challengeHeader()),
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("idempotency_key_mismatch");
  });

  it("neither request_id nor Idempotency-Key on a signed POST: 400 idempotency_key_required", async () => {
    const agent = await createTestAgent();
    const { request_id: _, ...body } = shortlistBody();
    const r = await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("idempotency_key_required");
  });

  it("a malformed Idempotency-Key header: 400 invalid_request naming the header", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    const { request_id: _, ...body } = shortlistBody();
    for (const key of ["short", "has space in it", "x".repeat(201), "ünïcode-key"]) {
      const r = await buy(runtime, { body, idempotencyKey: key, signature });
      expect(r.status).toBe(400);
      expect(r.json.issues).toEqual([expect.objectContaining({ path: "Idempotency-Key" })]);
    }
  });

  it("same key with another body: 422 idempotency_key_reused, uncharged", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    const r = await buy(runtime, { body: { ...body, limit: 2 }, signature: await agent.sign(await challengeHeader()) });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ error: "idempotency_key_reused", charged: false });
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("same key still being processed: 409 purchase_in_progress with Retry-After, uncharged", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign(await challengeHeader());
    const held = await withPurchaseLock(`purchase:${agent.address}:${body.request_id as string}`, () =>
      buy(runtime, { body, signature }),
    );
    expect(held.locked).toBe(true);
    const r = (held as { value: Awaited<ReturnType<typeof buy>> }).value;
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ error: "purchase_in_progress", charged: false });
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect(await agent.balance()).toBe(1_000_000n);
    // Once the other request is gone the same request goes through.
    expect((await buy(runtime, { body, signature })).status).toBe(200);
  });
});

describe("decisions §3: one authorization, one purchase", () => {
  it("an authorization already used for another key is refused (402) and settles nothing more", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    expect((await buy(runtime, { body: shortlistBody(), signature })).status).toBe(200);
    const other = await buy(runtime, {
      body: shortlistBody({ outcome: "transcribe podcast audio to text" }),
      signature,
    });
    expect(other.status).toBe(402);
    expect(other.json.error).toBe("invalid_exact_evm_nonce_already_used");
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("verification fails: 402 with a fresh challenge and the x402 reason; nothing charged", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    const payload = decodeHeaderJson(signature) as { payload: { signature: string } };
    const s = payload.payload.signature;
    payload.payload.signature = s.slice(0, 10) + (s[10] === "a" ? "b" : "a") + s.slice(11);
    const r = await buy(runtime, { body: shortlistBody(), signature: encodePaymentSignatureHeader(payload as never) });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_signature");
    paymentRequiredBodySchema.parse(r.json);
    expect(decodePaymentRequiredHeader(r.headers["payment-required"]!).error).toBe("invalid_exact_evm_signature");
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("an unfunded payer: 402 insufficient balance; the same key then succeeds with a new signature once funded", async () => {
    const agent = await createTestAgent(0);
    const body = shortlistBody();
    const r = await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_insufficient_balance");
    expect(await purchaseOf(body.request_id as string)).toBeNull(); // a refused payment binds nothing (issue 9 item 3)
    await db.localBalance.create({ data: { address: agent.address, balanceAtomic: 5000n } });
    const retry = await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) });
    expect(retry.status).toBe(200);
    expect(await agent.balance()).toBe(4000n);
  });

  it("malformed authorization values inside a well-formed payload: 402, never a 5xx", async () => {
    const agent = await createTestAgent();
    const signed = decodeHeaderJson(await agent.sign(await challengeHeader())) as {
      payload: { signature: string; authorization: Record<string, string> };
    };
    const variants = [
      { ...signed, payload: { ...signed.payload, signature: "0x1234" } },
      { ...signed, payload: { ...signed.payload, signature: "0x" + "ff".repeat(65) } },
      {
        ...signed,
        payload: {
          ...signed.payload,
          authorization: { ...signed.payload.authorization, value: "999999999999999999999999999999" },
        },
      },
      {
        ...signed,
        payload: { ...signed.payload, authorization: { ...signed.payload.authorization, validBefore: "1" } },
      },
      {
        ...signed,
        payload: { ...signed.payload, authorization: { ...signed.payload.authorization, to: "0x" + "11".repeat(20) } },
      },
    ];
    for (const v of variants) {
      const r = await buy(runtime, { body: shortlistBody(), signature: encodePaymentSignatureHeader(v as never) });
      expect(r.status).toBe(402);
      expect(r.json.error).toMatch(/^invalid_/);
    }
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("a signature that is not an x402 payload: 402 invalid_payload", async () => {
    for (const signature of ["garbage", Buffer.from('{"x402Version":2}').toString("base64"), "e30"]) {
      const r = await buy(runtime, { body: shortlistBody(), signature });
      expect(r.status).toBe(402);
      expect(r.json.error).toBe("invalid_payload");
    }
  });

  it("a payment signed for other requirements (another amount): 402 payment_requirements_mismatch", async () => {
    const agent = await createTestAgent();
    const required = decodePaymentRequiredHeader(await challengeHeader());
    required.accepts = required.accepts.map((a) => ({ ...a, amount: "1" }));
    const cheap = await agent.sign(Buffer.from(JSON.stringify(required)).toString("base64"));
    const r = await buy(runtime, { body: shortlistBody(), signature: cheap });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("payment_requirements_mismatch");
    expect(await agent.balance()).toBe(1_000_000n);
  });
});

describe("concurrency", () => {
  it("one authorization sent under 20 different keys at once: exactly one purchase is paid", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(await challengeHeader());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(runtime, { body: shortlistBody(), signature })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(402);
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("100 identical signed purchases in parallel: exactly one settlement; every answer the 200 body or 409", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign(await challengeHeader());
    const answers = await Promise.all(Array.from({ length: 100 }, () => buy(runtime, { body, signature })));
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(100);
    expect(ok.length).toBeGreaterThan(0);
    const canonical = ok[0]!.text.replace('"idempotentReplay":true', '"idempotentReplay":false');
    for (const a of ok) expect(a.text.replace('"idempotentReplay":true', '"idempotentReplay":false')).toBe(canonical);
    expect(ok.filter((a) => a.json.idempotentReplay === false).length).toBeLessThanOrEqual(1);
    for (const a of busy) expect(a.json.error).toBe("purchase_in_progress");
  });

  it("2,000 identical signed purchases, 100 at a time: one settlement; every answer the 200 body or 409", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign(await challengeHeader());
    let left = 2000;
    const answers: Awaited<ReturnType<typeof buy>>[] = [];
    const client = async () => {
      while (left-- > 0) answers.push(await buy(runtime, { body, signature }));
    };
    await Promise.all(Array.from({ length: 100 }, client));
    expect(answers).toHaveLength(2000);
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(1_000_000n - PRICE);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length + answers.filter((a) => a.status === 409 && a.json.error === "purchase_in_progress").length).toBe(
      2000,
    );
    expect(ok.filter((a) => a.json.idempotentReplay === false)).toHaveLength(1); // the purchase itself; the rest replay it
    const canonical = ok[0]!.text.replace('"idempotentReplay":true', '"idempotentReplay":false');
    for (const a of ok) expect(a.text.replace('"idempotentReplay":true', '"idempotentReplay":false')).toBe(canonical);
  }, 60_000);
});
