// Finding "honest nonce already used": an authorization settled outside this marketplace's
// purchases (here through the local facilitator, as the dev settle endpoint does) is refused with
// the x402 reason and a message that says so, not "already paid for another purchase" (none holds
// it); an authorization one of our purchases holds keeps that message.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createTestAgent } from "@/test/payments/agent";
import { buy, signedPurchase, shortlistBody } from "@/test/payments/shop";
import { devSettle, parseFacilitatorRequest } from "./facilitators/dev-facilitator";
import { decodeHeaderJson } from "./header-codec";
import { paymentRuntime } from "@/server/products/shop-runtime";

const runtime = paymentRuntime();
const PRICE = 1000n;
const purchasesOf = (payer: string) => db.purchase.count({ where: { payer } });

describe("a nonce already used", () => {
  it("spent outside our purchases: 402 invalid_exact_evm_nonce_already_used saying it was spent elsewhere and this request charged nothing", async () => {
    const p = await signedPurchase(runtime, await createTestAgent());
    const payload = decodeHeaderJson(p.signature) as { accepted: unknown };
    const settled = await devSettle(
      parseFacilitatorRequest({ x402Version: 2, paymentPayload: payload, paymentRequirements: payload.accepted }),
    );
    expect(settled.success).toBe(true);
    expect(await p.agent.balance()).toBe(1_000_000n - PRICE);

    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status, r.text).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_nonce_already_used");
    const message = r.json.message as string;
    expect(message).not.toMatch(/another purchase/);
    expect(message).toMatch(/outside this marketplace's purchases/);
    expect(message).toMatch(/nothing was charged by this request/i);
    expect(message).toMatch(/Sign a new payment/);
    expect(r.headers["payment-required"]).toBeTruthy();
    expect(await p.agent.balance()).toBe(1_000_000n - PRICE);
    expect(await purchasesOf(p.agent.address)).toBe(0);
  });

  it("held by a purchase of ours: keeps saying it already paid for another purchase", async () => {
    const p = await signedPurchase(runtime, await createTestAgent());
    expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(200);
    const r = await buy(runtime, {
      body: shortlistBody({ outcome: "transcribe podcast audio to text" }),
      signature: p.signature,
    });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_nonce_already_used");
    expect(r.json.message).toMatch(/already paid for another purchase/);
    expect(await p.agent.balance()).toBe(1_000_000n - PRICE);
  });
});
