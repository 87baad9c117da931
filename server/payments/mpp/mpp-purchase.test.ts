// MPP on the queued products, end to end against the real ledger: the challenges are parsed and
// answered by the official mppx client (evm charge, real EIP-3009 signatures with viem), the
// credential is admitted by mppx and settled by the local facilitator, and every purchase rule of
// decisions.md §3 holds for it as for x402.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { Challenge, Credential, PaymentRequest, Receipt } from "mppx";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queuedPurchaseSchema } from "@/server/orders/order-record";
import { evaluationProduct } from "@/server/products/evaluation-product";
import { placementProduct } from "@/server/products/placement-product";
import type { ProductDefinition } from "@/server/products/product";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { asResponse, createMppAgent, createQueuedX402Agent } from "@/test/payments/mpp-agent";
import { buyQueued, describeQueued, ordersOfKey, queuedBody } from "@/test/payments/queued-shop";
import { buy } from "@/test/payments/shop";
import { creditTestFunds } from "../facilitators/faucet";
import { describeProduct, purchaseProduct } from "../purchase-flow";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { withPurchaseLock } from "../purchase-lock";
import { clearCompletedPurchases } from "../completed-purchases";
import { encodeHeaderJson } from "../header-codec";
import { recoverPurchase } from "../purchase-recovery";
import { PURCHASE_RECOVERY_TYPED_DATA } from "../purchase-recovery-authorization";
import { MPP_CHALLENGE_LIFETIME_S, MPP_CHALLENGE_WINDOW_S } from "./mpp-challenges";

const runtime = paymentRuntime();
const PLACEMENT = 10_000_000n;
const EVALUATION = 49_000_000n;
const FUNDS = 100_000_000n;

const challengeOf = (product: ProductDefinition = placementProduct) => describeQueued(runtime, product);
const transfersOf = (payer: string) => db.localTransfer.count({ where: { payer } });

// Re-encodes a credential after `change` (a hostile client editing what it received).
function tampered(
  authorization: string,
  change: (wire: { challenge: Record<string, unknown>; payload: Record<string, unknown> }) => void,
): string {
  const wire = JSON.parse(Buffer.from(authorization.slice("Payment ".length), "base64url").toString("utf8"));
  change(wire);
  return `Payment ${Buffer.from(JSON.stringify(wire)).toString("base64url")}`;
}

describe("the 402 of a queued product", () => {
  it("carries PAYMENT-REQUIRED and one Payment challenge per method, which the mppx client parses and answers; no-store", async () => {
    const r = await challengeOf();
    expect(r.status).toBe(402);
    expect(r.headers["cache-control"]).toBe("no-store");
    expect(r.headers["payment-required"]).toBeTruthy();
    expect(r.json.message).toMatch(/Authorization: Payment/);
    const challenges = Challenge.fromResponseList(asResponse({ status: r.status, headers: r.headers, body: r.text }));
    expect(challenges).toHaveLength(1);
    const [challenge] = challenges;
    expect(challenge).toMatchObject({
      method: "evm",
      intent: "charge",
      realm: "marketplace.test",
      description: "Sponsored placement",
      request: {
        amount: "10000000",
        currency: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        recipient: expect.stringMatching(/^0x6d61726b6574706c6163652d6c6f63616c000000$/i),
        methodDetails: { chainId: 84532, decimals: 6, credentialTypes: ["authorization"] },
      },
    });
    // Bound to the product (mppx scope, in the HMAC-covered opaque) and its price.
    expect(PaymentRequest.deserialize(challenge!.opaque!)).toEqual({ _mppx_scope: "placement" });
    // Lifetime: 5 to 6 minutes from now.
    const left = new Date(challenge!.expires!).getTime() - Date.now();
    expect(left).toBeGreaterThan(MPP_CHALLENGE_LIFETIME_S * 1000 - 1000);
    expect(left).toBeLessThanOrEqual((MPP_CHALLENGE_LIFETIME_S + MPP_CHALLENGE_WINDOW_S) * 1000);
    // The client answers it with a credential for exactly the price, to our pay-to, nonce = the challenge's hash.
    const agent = await createMppAgent();
    const credential = Credential.deserialize(
      await agent.pay(asResponse({ status: r.status, headers: r.headers, body: r.text })),
    );
    expect(credential.challenge.id).toBe(challenge!.id);
    expect(credential.payload).toMatchObject({ type: "authorization", from: expect.any(String), value: "10000000" });
  });

  it("GET and the unsigned POST send the same bytes, WWW-Authenticate included", async () => {
    for (let attempt = 0; ; attempt++) {
      const window = Math.floor(Date.now() / (MPP_CHALLENGE_WINDOW_S * 1000));
      const get = await challengeOf();
      const posts = await Promise.all(
        ["", "{not json", JSON.stringify(queuedBody(placementProduct))].map((rawBody) =>
          buyQueued(runtime, placementProduct, { rawBody }),
        ),
      );
      if (Math.floor(Date.now() / (MPP_CHALLENGE_WINDOW_S * 1000)) !== window && attempt < 3) continue; // straddled a window: the challenge rotated
      for (const post of posts) {
        expect(post.status).toBe(402);
        expect(post.text).toBe(get.text);
        expect(post.headers).toEqual(get.headers);
      }
      break;
    }
  });

  it("the evaluation's challenge is bound to the evaluation and its price", async () => {
    const [challenge] = Challenge.deserializeList((await challengeOf(evaluationProduct)).headers["www-authenticate"]!);
    expect(challenge).toMatchObject({
      request: { amount: "49000000" },
      description: "Independent first-hand evaluation",
    });
    expect(PaymentRequest.deserialize(challenge!.opaque!)).toEqual({ _mppx_scope: "evaluation" });
  });

  it("products not sold over MPP are unchanged: no WWW-Authenticate, and Authorization: Payment is not a payment there", async () => {
    const r = await describeProduct(runtime, shortlistProduct);
    expect(r.headers["www-authenticate"]).toBeUndefined();
    const agent = await createMppAgent();
    const credential = await agent.pay(await describeProduct(runtime, placementProduct));
    const sent = await purchaseProduct(runtime, shortlistProduct, {
      method: "POST",
      path: shortlistProduct.path,
      paymentSignature: null,
      authorization: credential,
      idempotencyKey: "shortlist-mpp-0001",
      readBody: async () => "{}",
    });
    expect(sent.status).toBe(402);
    expect(sent.body).toBe((await buy(runtime, {})).text);
    expect(await agent.balance()).toBe(FUNDS);
  });
});

describe("paying with MPP", () => {
  it("a credential made by the mppx client pays a placement: 202 with the order and a Payment-Receipt; 10.00 USD once, one order", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const r = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(r.status, r.text).toBe(202);
    const paid = queuedPurchaseSchema.parse(r.json);
    expect(paid).toMatchObject({
      ok: true,
      idempotentReplay: false,
      requestId: body.request_id,
      order: { product: "placement", status: "queued" },
    });
    expect(r.headers["payment-response"]).toBeUndefined();

    const transfer = await db.localTransfer.findFirstOrThrow({ where: { payer: agent.address } });
    const receipt = Receipt.deserialize(r.headers["payment-receipt"]!);
    expect(receipt).toEqual({
      method: "evm",
      status: "success",
      reference: transfer.transaction,
      timestamp: expect.any(String),
      // The marketplace's signed receipt (test/receipts/purchase-receipts.test.ts verifies it).
      extensions: { "offer-receipt": { info: { receipt: { format: "jws", signature: expect.any(String) } } } },
    });
    expect(Math.abs(new Date(receipt.timestamp).getTime() - Date.now())).toBeLessThan(60_000);
    expect(transfer.amountAtomic).toBe(PLACEMENT);
    expect(await agent.balance()).toBe(FUNDS - PLACEMENT);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);

    const row = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(row).toMatchObject({
      protocol: "mpp",
      state: "completed",
      product: "placement",
      payer: agent.address,
      amountAtomic: PLACEMENT,
      network: "eip155:84532",
      transaction: transfer.transaction,
      paymentResponse: r.headers["payment-receipt"],
    });
  });

  it("the same credential and request again: the same bytes with idempotentReplay true and the same Payment-Receipt, nothing charged", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(evaluationProduct);
    const authorization = await agent.pay(await describeProduct(runtime, evaluationProduct));
    const first = await buyQueued(runtime, evaluationProduct, { body, authorization });
    expect(first.status, first.text).toBe(202);
    for (const fromMemory of [true, false]) {
      if (!fromMemory) clearCompletedPurchases();
      const again = await buyQueued(runtime, evaluationProduct, { body, authorization });
      expect(again.status).toBe(202);
      expect(again.text).toBe(first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
      expect(again.headers["payment-receipt"]).toBe(first.headers["payment-receipt"]);
    }
    expect(await agent.balance()).toBe(FUNDS - EVALUATION);
    expect(await transfersOf(agent.address)).toBe(1);
  });

  it("after its challenge expired, the credential still replays its completed purchase, and pays for nothing new", async () => {
    const agent = await createMppAgent();
    const server = await runtime.mpp!.server();
    // Long enough for the facilitator (it wants validBefore at least 6 s ahead), short enough to wait out.
    const expires = new Date(Date.now() + 12_000);
    const challenge = await server.challenge.evm.charge({
      amount: "10.00",
      scope: "placement",
      description: "Sponsored placement",
      expires,
    });
    const authorization = await agent.pay(
      new Response("{}", { status: 402, headers: { "www-authenticate": Challenge.serialize(challenge) } }),
    );
    const body = queuedBody(placementProduct);
    const first = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(first.status, first.text).toBe(202);
    await new Promise((r) => setTimeout(r, expires.getTime() - Date.now() + 500));
    clearCompletedPurchases();
    const replay = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(replay.status).toBe(202);
    expect(replay.headers["payment-receipt"]).toBe(first.headers["payment-receipt"]);
    const other = await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(other.json.error).toBe("mpp_challenge_expired");
    expect(await agent.balance()).toBe(FUNDS - PLACEMENT);
  }, 45_000);

  it("a payer who lost the credential recovers the stored 202 and its Payment-Receipt with a recovery signature", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const first = await buyQueued(runtime, placementProduct, {
      body,
      authorization: await agent.pay(await describeProduct(runtime, placementProduct)),
    });
    const resource = `http://marketplace.test${placementProduct.path}`;
    const expiresAt = Math.floor(Date.now() / 1000) + 120;
    const key = body.request_id as string;
    const signature = await agent.account.signTypedData({
      ...PURCHASE_RECOVERY_TYPED_DATA,
      message: { idempotencyKey: key, resource, expiresAt: BigInt(expiresAt) },
    });
    const r = await recoverPurchase(runtime, {
      idempotencyKey: key,
      authorization: encodeHeaderJson({ payer: agent.address, resource, expiresAt, signature }),
    });
    expect(r.status, r.body).toBe(202);
    expect(r.body).toBe(first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(r.headers["payment-receipt"]).toBe(first.headers["payment-receipt"]);
  });

  it("a credential replayed for another request is refused (402 mpp_credential_used, fresh challenges) and charges nothing more", async () => {
    const agent = await createMppAgent();
    const challenge = await describeProduct(runtime, placementProduct);
    const authorization = await agent.pay(challenge);
    expect(
      (await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization })).status,
    ).toBe(202);
    const other = queuedBody(placementProduct, { headline: "Another headline" });
    const r = await buyQueued(runtime, placementProduct, { body: other, authorization });
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({ error: "mpp_credential_used", message: expect.stringMatching(/pays once/) });
    expect(r.headers["payment-required"]).toBeTruthy();
    // Fresh: a challenge no earlier answer carried, which the same payer can pay right away.
    expect(r.headers["www-authenticate"]).not.toBe(challenge.headers["www-authenticate"]);
    expect(await agent.balance()).toBe(FUNDS - PLACEMENT);
    expect(await ordersOfKey(other.request_id as string)).toBe(0);
    const again = await buyQueued(runtime, placementProduct, {
      body: other,
      authorization: await agent.pay(asResponse({ status: r.status, headers: r.headers, body: r.text })),
    });
    expect(again.status, again.text).toBe(202);
    expect(await agent.balance()).toBe(FUNDS - 2n * PLACEMENT);
  });

  it("the same credential sent 20 times at once pays once: one order, one transfer; every answer the 202 or 409 in progress", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyQueued(runtime, placementProduct, { body, authorization })),
    );
    const paid = answers.filter((a) => a.status === 202);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.status === 202) expect(a.headers["payment-receipt"]).toBe(paid[0]!.headers["payment-receipt"]);
      else expect(a.json).toMatchObject({ error: "purchase_in_progress", charged: false });
    }
    expect(new Set(paid.map((a) => (a.json.order as { id: string }).id)).size).toBe(1);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(FUNDS - PLACEMENT);
  });

  it("one credential under 20 different keys at once: exactly one purchase is paid, the others refused uncharged", async () => {
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 202)) expect([402, 409]).toContain(a.status);
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(FUNDS - PLACEMENT);
    expect(await db.order.count({ where: { purchase: { payer: agent.address } } })).toBe(1);
  });
});

describe("refused credentials: 402 with fresh challenges and the reason, never charged", () => {
  async function refused(product: ProductDefinition, authorization: string, reason: string) {
    const body = queuedBody(product);
    const r = await buyQueued(runtime, product, { body, authorization });
    expect(r.status, r.text).toBe(402);
    expect(r.json).toMatchObject({ error: reason, product: { id: product.id } });
    expect(r.json.message).toEqual(expect.any(String));
    expect(r.headers["payment-required"]).toBeTruthy();
    expect(Challenge.deserializeList(r.headers["www-authenticate"]!)).toHaveLength(1);
    expect(await db.purchase.count({ where: { idempotencyKey: body.request_id as string } })).toBe(0);
    return r;
  }

  it("a credential for the placement sent to the evaluation", async () => {
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    await refused(evaluationProduct, authorization, "mpp_challenge_mismatch");
    expect(await agent.balance()).toBe(FUNDS);
    // Still good for what it was issued for.
    expect(
      (await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization })).status,
    ).toBe(202);
  });

  it("an expired challenge", async () => {
    const agent = await createMppAgent();
    const server = await runtime.mpp!.server();
    const shortLived = await server.challenge.evm.charge({
      amount: "10.00",
      scope: "placement",
      description: "Sponsored placement",
      expires: new Date(Date.now() + 3000),
    });
    const authorization = await agent.pay(
      new Response("{}", { status: 402, headers: { "www-authenticate": Challenge.serialize(shortLived) } }),
    );
    await new Promise((r) => setTimeout(r, 3500));
    await refused(placementProduct, authorization, "mpp_challenge_expired");
    expect(await agent.balance()).toBe(FUNDS);
  });

  it("a tampered challenge id, and a challenge edited to a lower price and signed for it (HMAC)", async () => {
    const agent = await createMppAgent();
    const original = await describeProduct(runtime, placementProduct);
    const authorization = await agent.pay(original);
    await refused(
      placementProduct,
      // One character in the middle changed (it carries six bits of the MAC): "…AA" at the end was the
      // id itself about once in a thousand runs (an id ending so, or differing only in padding bits).
      tampered(authorization, (w) => {
        const id = String(w.challenge.id);
        w.challenge.id = `${id.slice(0, 8)}${id[8] === "A" ? "B" : "A"}${id.slice(9)}`;
      }),
      "mpp_challenge_unknown",
    );
    // The client signs what the edited challenge asks: 0.01 USD.
    const [challenge] = Challenge.deserializeList(original.headers["www-authenticate"]!);
    const cheap = Challenge.serialize({ ...challenge!, request: { ...challenge!.request, amount: "10000" } });
    const cheaper = await agent.pay(new Response("{}", { status: 402, headers: { "www-authenticate": cheap } }));
    expect(Credential.deserialize(cheaper).payload).toMatchObject({ value: "10000" });
    await refused(placementProduct, cheaper, "mpp_challenge_unknown");
    expect(await agent.balance()).toBe(FUNDS);
  });

  it("a bad signature, and an authorization for another amount than its challenge", async () => {
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    // Signed by someone else, for this payer's address.
    const other = await createMppAgent(0);
    const theirs = await other.pay(await describeProduct(runtime, placementProduct));
    await refused(
      placementProduct,
      tampered(theirs, (w) => (w.payload.from = agent.account.address)),
      "mpp_signature_invalid",
    );
    // This payer's authorization carrying another signature.
    const foreign = String(
      Credential.deserialize(theirs).payload &&
        (Credential.deserialize(theirs).payload as { signature: string }).signature,
    );
    await refused(
      placementProduct,
      tampered(authorization, (w) => (w.payload.signature = foreign)),
      "mpp_signature_invalid",
    );
    // A signature no key can have made (r is not a curve point).
    await refused(
      placementProduct,
      tampered(authorization, (w) => (w.payload.signature = `0x${"ff".repeat(64)}1b`)),
      "mpp_signature_invalid",
    );
    await refused(
      placementProduct,
      tampered(authorization, (w) => (w.payload.value = "1")),
      "mpp_authorization_mismatch",
    );
    expect(await agent.balance()).toBe(FUNDS);
  });

  it("insufficient funds: the facilitator's reason, how much is missing; the same credential pays once funded", async () => {
    const agent = await createMppAgent(1);
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const r = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({
      error: "invalid_exact_evm_insufficient_balance",
      balance: { missingUsd: "9.00" },
      faucet: { body: { address: agent.address } },
    });
    expect(r.json.message).toMatch(/Authorization: Payment/);
    expect(r.headers["www-authenticate"]).toBeTruthy();
    expect(await agent.balance()).toBe(1_000_000n);
    await creditTestFunds({ address: agent.address, amountUsd: 9 });
    expect((await buyQueued(runtime, placementProduct, { body, authorization })).status).toBe(202);
    expect(await agent.balance()).toBe(0n);
  });
});

describe("purchase rules for MPP (decisions §3)", () => {
  it("body and key are checked first: 400, nothing verified", async () => {
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const bad = await buyQueued(runtime, placementProduct, {
      body: { ...queuedBody(placementProduct), durationDays: 0 },
      authorization,
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error: "invalid_request",
      issues: [expect.objectContaining({ path: "durationDays" })],
    });
    const { request_id: _omit, ...noKey } = queuedBody(placementProduct);
    const keyless = await buyQueued(runtime, placementProduct, { body: noKey, authorization });
    expect(keyless.json).toMatchObject({ error: "idempotency_key_required" });
    // Malformed credential, bad body: the body's 400 first.
    expect(
      (await buyQueued(runtime, placementProduct, { rawBody: "{not json", authorization: "Payment !!" })).json.error,
    ).toBe("invalid_json");
    expect(await agent.balance()).toBe(FUNDS);
  });

  it("a catalogue the order names must exist: 400 before anything is verified", async () => {
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const r = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct, { service: "no-such-service" }),
      authorization,
    });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual([expect.objectContaining({ path: "service" })]);
    expect(await agent.balance()).toBe(FUNDS);
  });

  it("same key, another body: 422; same key, another credential once completed: 409 idempotency_key_in_use, that one never settles", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const first = await agent.pay(await describeProduct(runtime, placementProduct));
    expect((await buyQueued(runtime, placementProduct, { body, authorization: first })).status).toBe(202);
    const reused = await buyQueued(runtime, placementProduct, {
      body: { ...body, headline: "Changed" },
      authorization: first,
    });
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ error: "idempotency_key_reused", charged: false });
    const fresh = await buyQueued(runtime, placementProduct, {
      body: { ...body, headline: "Changed" },
      authorization: "Payment x",
    });
    expect(fresh.status).toBe(402); // unreadable credentials never reach the key
    // Another credential (from a refusal's fresh challenge) on the completed key.
    const used = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: first,
    });
    const second = await agent.pay(asResponse({ status: used.status, headers: used.headers, body: used.text }));
    for (const fromMemory of [true, false]) {
      if (!fromMemory) clearCompletedPurchases();
      const r = await buyQueued(runtime, placementProduct, { body, authorization: second });
      expect(r.status).toBe(409);
      expect(r.json).toMatchObject({
        error: "idempotency_key_in_use",
        charged: false,
        message: expect.stringMatching(/Authorization: Payment/),
      });
    }
    expect(await agent.balance()).toBe(FUNDS - PLACEMENT);
    // The unused credential is still good for a new purchase.
    expect(
      (await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization: second }))
        .status,
    ).toBe(202);
  });

  it("keys are scoped per payer: two payers under one request_id each buy their own order", async () => {
    const [a, b] = await Promise.all([createMppAgent(), createMppAgent()]);
    const body = queuedBody(placementProduct);
    const challenge = await describeProduct(runtime, placementProduct);
    const [ra, rb] = await Promise.all(
      [a, b].map(async (agent) =>
        buyQueued(runtime, placementProduct, { body, authorization: await agent.pay(challenge) }),
      ),
    );
    expect([ra!.status, rb!.status]).toEqual([202, 202]);
    expect((ra!.json.order as { id: string }).id).not.toBe((rb!.json.order as { id: string }).id);
  });

  it("same key still being processed: 409 purchase_in_progress with Retry-After, uncharged", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const held = await withPurchaseLock(`purchase:${agent.address}:${body.request_id as string}`, () =>
      buyQueued(runtime, placementProduct, { body, authorization }),
    );
    const r = (held as { value: Awaited<ReturnType<typeof buyQueued>> }).value;
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ error: "purchase_in_progress", charged: false });
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect(await agent.balance()).toBe(FUNDS);
    expect((await buyQueued(runtime, placementProduct, { body, authorization })).status).toBe(202);
  });

  it("PAYMENT-SIGNATURE and Authorization: Payment together: 400 payment_ambiguous, nothing verified or charged", async () => {
    const agent = await createMppAgent();
    const x402 = await createQueuedX402Agent(100);
    const challenge = await describeProduct(runtime, placementProduct);
    const r = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: await agent.pay(challenge),
      signature: await x402.sign(challenge.headers["payment-required"]!),
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ error: "payment_ambiguous", charged: false });
    expect(await agent.balance()).toBe(FUNDS);
    expect(await x402.balance()).toBe(100_000_000n);
  });
});

describe("x402 on the queued products", () => {
  it("x402 still pays an evaluation: 202 with PAYMENT-RESPONSE, 49.00 USD once, ledger protocol x402", async () => {
    const agent = await createQueuedX402Agent(100);
    const body = queuedBody(evaluationProduct);
    const r = await buyQueued(runtime, evaluationProduct, {
      body,
      signature: await agent.sign((await challengeOf(evaluationProduct)).headers["payment-required"]!),
    });
    expect(r.status, r.text).toBe(202);
    expect(queuedPurchaseSchema.parse(r.json).order.product).toBe("evaluation");
    expect(decodePaymentResponseHeader(r.headers["payment-response"]!)).toMatchObject({
      success: true,
      payer: expect.stringMatching(new RegExp(`^${agent.address}$`, "i")),
    });
    expect(r.headers["payment-receipt"]).toBeUndefined();
    expect(await agent.balance()).toBe(100_000_000n - EVALUATION);
    expect(await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } })).toMatchObject({
      protocol: "x402",
      state: "completed",
    });
    expect(await ordersOfKey(body.request_id as string)).toBe(1);
  });

  it("an x402 refusal on a queued product still carries the MPP challenges", async () => {
    const agent = await createQueuedX402Agent(0);
    const r = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      signature: await agent.sign((await challengeOf()).headers["payment-required"]!),
    });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_insufficient_balance");
    expect(r.json.message).toMatch(/PAYMENT-REQUIRED/);
    expect(Challenge.deserializeList(r.headers["www-authenticate"]!)).toHaveLength(1);
  });
});
