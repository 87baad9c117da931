// Issue 9 item 11: answers that tell an agent what to do next, and a way back to a paid result
// whose PAYMENT-SIGNATURE was lost: GET /api/shop/purchases/{key} with the payer's EIP-712
// signature over (key, resource, expiry). It returns exactly the stored answer and never settles.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { encodeHeaderJson } from "@/server/payments/header-codec";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { PURCHASE_RECOVERY_TYPED_DATA } from "@/server/payments/purchase-recovery-authorization";
import { createTestAgent, type TestAgent } from "@/test/payments/agent";
import { buy, describe402, shortlistBody, signedPurchase } from "@/test/payments/shop";
import { GET } from "./route";

const runtime = paymentRuntime();
const RESOURCE = "http://marketplace.test/api/shop/shortlist";
const now = () => Math.floor(Date.now() / 1000);

async function recoveryHeader(
  agent: TestAgent,
  key: string,
  over: { resource?: string; expiresAt?: number; payer?: string } = {},
) {
  const resource = over.resource ?? RESOURCE;
  const expiresAt = over.expiresAt ?? now() + 120;
  const signature = await agent.account.signTypedData({
    ...PURCHASE_RECOVERY_TYPED_DATA,
    message: { idempotencyKey: key, resource, expiresAt: BigInt(expiresAt) },
  });
  return encodeHeaderJson({ payer: over.payer ?? agent.address, resource, expiresAt, signature });
}

async function recover(key: string, header?: string) {
  const res = await GET(
    new Request(`http://marketplace.test/api/shop/purchases/${encodeURIComponent(key)}`, {
      headers: header === undefined ? {} : { "purchase-authorization": header },
    }),
    {
      params: Promise.resolve({ key }),
    },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: JSON.parse(text) as Record<string, unknown> };
}

async function completedPurchase() {
  const p = await signedPurchase(runtime);
  const first = await buy(runtime, { body: p.body, signature: p.signature });
  expect(first.status).toBe(200);
  return { ...p, first };
}

const transfersOf = (payer: string) => db.localTransfer.count({ where: { payer } });

describe("GET /api/shop/purchases/{key} (purchase recovery)", () => {
  it("returns exactly the stored answer (idempotentReplay true) and its PAYMENT-RESPONSE, and charges nothing", async () => {
    const p = await completedPurchase();
    const r = await recover(p.key, await recoveryHeader(p.agent, p.key));
    expect(r.status, r.text).toBe(200);
    expect(r.text).toBe(p.first.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(r.headers.get("payment-response")).toBe(p.first.headers["payment-response"]);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(await transfersOf(p.agent.address)).toBe(1);
    expect(await p.agent.balance()).toBe(1_000_000n - 1000n);
  });

  it("a careless retry with a fresh authorization gets 409 saying to resend the original signature, and a recovery hint that works as given", async () => {
    const p = await completedPurchase();
    const fresh = await p.agent.sign((await describe402(runtime)).headers["payment-required"]!);
    const conflict = await buy(runtime, { body: p.body, signature: fresh });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ error: "idempotency_key_in_use", charged: false });
    expect(conflict.json.message).toMatch(/original PAYMENT-SIGNATURE/);
    const hint = conflict.json.recovery as {
      method: string;
      url: string;
      header: string;
      typedData: { message: { idempotencyKey: string; resource: string; expiresAt: number } };
    };
    expect(hint).toMatchObject({
      method: "GET",
      url: `http://marketplace.test/api/shop/purchases/${p.key}`,
      header: "Purchase-Authorization",
    });
    // Sign the typed data exactly as the hint gives it.
    const { message } = hint.typedData;
    const signature = await p.agent.account.signTypedData({
      ...PURCHASE_RECOVERY_TYPED_DATA,
      message: { ...message, expiresAt: BigInt(message.expiresAt) },
    });
    const r = await recover(
      p.key,
      encodeHeaderJson({ payer: p.agent.address, resource: message.resource, expiresAt: message.expiresAt, signature }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json.requestId).toBe(p.key);
    expect(await transfersOf(p.agent.address)).toBe(1);
  });

  it("refuses what it should, each a 4xx JSON with a message: no header 401, malformed 401, wrong signer/expired/too long/other resource 403, unknown key 404", async () => {
    const p = await completedPurchase();
    const other = await createTestAgent(0);
    const cases: [string | undefined, number, string?][] = [
      [undefined, 401],
      ["not base64 at all!", 401],
      [Buffer.from("{").toString("base64"), 401],
      [encodeHeaderJson({ payer: p.agent.address }), 401],
      [
        encodeHeaderJson({
          payer: p.agent.address,
          resource: RESOURCE,
          expiresAt: now() + 60,
          signature: "0x12",
          extra: 1,
        }),
        401,
      ],
      [Buffer.from(`{"payer":${"[".repeat(5000)}${"]".repeat(5000)}}`).toString("base64"), 401],
      [
        encodeHeaderJson({
          payer: p.agent.address,
          resource: "\ud800\u0000",
          expiresAt: now() + 60,
          signature: `0x${"11".repeat(65)}`,
        }),
        403,
      ],
      [await recoveryHeader(other, p.key, { payer: p.agent.address }), 403], // signed by someone else
      [await recoveryHeader(p.agent, `${p.key}-other`), 403], // signed for another key
      [await recoveryHeader(p.agent, p.key, { expiresAt: now() - 1 }), 403],
      [await recoveryHeader(p.agent, p.key, { expiresAt: now() + 3600 }), 403],
      [await recoveryHeader(p.agent, p.key, { resource: "http://elsewhere.example/api/shop/shortlist" }), 403],
    ];
    for (const [header, status] of cases) {
      const r = await recover(p.key, header);
      expect(r.status, `${header?.slice(0, 40)}: ${r.text}`).toBe(status);
      expect(r.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(r.headers.get("payment-response")).toBeNull();
    }
    // A valid signature for a key this payer never used: 404; a key another payer used: 404 too.
    expect((await recover("never-used-key", await recoveryHeader(p.agent, "never-used-key"))).status).toBe(404);
    expect((await recover(p.key, await recoveryHeader(other, p.key))).status).toBe(404);
    // A key that breaks the key rules: 400 naming it.
    const bad = await recover("a b", await recoveryHeader(p.agent, "a b"));
    expect(bad.status).toBe(400);
    expect((bad.json.issues as { path: string }[]).map((i) => i.path)).toEqual(expect.arrayContaining(["key"]));
    expect(await transfersOf(p.agent.address)).toBe(1);
  });
});

describe("402 answers say what to do next", () => {
  it("the challenge carries a message; an unfunded payer is told its balance, the shortfall and the faucet request, which then works", async () => {
    const challenge = await describe402(runtime);
    expect(challenge.json.message).toMatch(/PAYMENT-SIGNATURE/);
    const agent = await createTestAgent(0);
    const body = shortlistBody();
    const r = await buy(runtime, { body, signature: await agent.sign(challenge.headers["payment-required"]!) });
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({
      error: "invalid_exact_evm_insufficient_balance",
      message: expect.stringContaining("POST http://marketplace.test/api/dev/faucet"),
      balance: { payer: agent.address, balanceUsd: "0.00", priceUsd: "0.001", missingUsd: "0.001" },
      faucet: {
        method: "POST",
        url: "http://marketplace.test/api/dev/faucet",
        body: { address: agent.address, amountUsd: 1 },
      },
      product: expect.any(Object),
      free: expect.any(Object),
    });
    // Following the hint: fund with the given body, sign again, buy.
    await creditTestFunds((r.json.faucet as { body: { address: string; amountUsd: number } }).body);
    const paid = await buy(runtime, { body, signature: await agent.sign(challenge.headers["payment-required"]!) });
    expect(paid.status).toBe(200);
  });

  it("every refused payment's 402 carries a message besides its x402 reason", async () => {
    const agent = await createTestAgent();
    for (const signature of ["garbage", Buffer.from('{"x402Version":2}').toString("base64")]) {
      const r = await buy(runtime, { body: shortlistBody(), signature });
      expect(r.status).toBe(402);
      expect(r.json).toMatchObject({ error: "invalid_payload", message: expect.stringContaining("x402") });
    }
    const used = await agent.sign((await describe402(runtime)).headers["payment-required"]!);
    expect((await buy(runtime, { body: shortlistBody(), signature: used })).status).toBe(200);
    const again = await buy(runtime, { body: shortlistBody(), signature: used });
    expect(again.json).toMatchObject({
      error: "invalid_exact_evm_nonce_already_used",
      message: expect.stringMatching(/one authorization/),
    });
  });
});
