// Finding "authorizations valid until 2100 are accepted": an EIP-3009 authorization may be valid
// for at most the challenge's maxTimeoutSeconds plus the clock-skew margin; a longer one is
// refused (402 invalid_exact_evm_payload_authorization_valid_before) before anything is claimed
// or charged, over x402 `exact` and MPP evm alike (both carry the same authorization).
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { signTransferAuthorization } from "@/test/payments/authorization";
import { createMppAgent } from "@/test/payments/mpp-agent";
import { buyQueued, queuedBody } from "@/test/payments/queued-shop";
import { buy, signedPurchase } from "@/test/payments/shop";
import { decodeHeaderJson } from "./header-codec";
import { VALID_BEFORE_SKEW_S } from "./methods/authorization-lifetime";
import { X402_MAX_TIMEOUT_SECONDS } from "./payment-network";
import { describeProduct } from "./purchase-flow";

const runtime = paymentRuntime();
const REASON = "invalid_exact_evm_payload_authorization_valid_before";
const YEAR_2100 = 4_102_444_800;
const nowS = () => Math.floor(Date.now() / 1000);
const purchasesOf = (payer: string) => db.purchase.count({ where: { payer } });

type Authorization = { from: Hex; to: Hex; value: string; validAfter: string; validBefore: string; nonce: Hex };

/** A shortlist purchase whose authorization (a real one, re-signed by the payer) is valid until `validBefore`. */
async function x402PurchaseValidUntil(validBefore: number) {
  const p = await signedPurchase(runtime);
  const payload = decodeHeaderJson(p.signature) as { payload: { signature: Hex; authorization: Authorization } };
  const a = { ...payload.payload.authorization, validBefore: String(validBefore) };
  const signed = await signTransferAuthorization(p.agent.account, {
    ...a,
    value: BigInt(a.value),
    validAfter: BigInt(a.validAfter),
    validBefore: BigInt(a.validBefore),
  });
  payload.payload = { authorization: a, signature: signed.signature };
  return { ...p, signature: encodePaymentSignatureHeader(payload as never) };
}

describe("validBefore is capped to maxTimeoutSeconds plus the skew margin", () => {
  it("x402: valid until 2100, or just past the cap: 402 with the reason, nothing claimed or charged", async () => {
    for (const validBefore of [YEAR_2100, nowS() + X402_MAX_TIMEOUT_SECONDS + VALID_BEFORE_SKEW_S + 30]) {
      const p = await x402PurchaseValidUntil(validBefore);
      const r = await buy(runtime, { body: p.body, signature: p.signature });
      expect(r.status, r.text).toBe(402);
      expect(r.json.error).toBe(REASON);
      expect(r.json.message).toMatch(/too far ahead/);
      expect(r.headers["payment-required"]).toBeTruthy();
      expect(await purchasesOf(p.agent.address)).toBe(0);
      expect(await p.agent.balance()).toBe(1_000_000n);
    }
  });

  it("x402: valid until exactly the cap: accepted and paid", async () => {
    const p = await x402PurchaseValidUntil(nowS() + X402_MAX_TIMEOUT_SECONDS + VALID_BEFORE_SKEW_S);
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status, r.text).toBe(200);
    expect(await p.agent.balance()).toBe(1_000_000n - 1000n);
  });

  it("MPP evm: the same authorization valid until 2100 is refused with the reason, nothing claimed or charged; one at the cap pays", async () => {
    const agent = await createMppAgent();
    const funds = await agent.balance();
    const payUntil = async (validBefore: number) => {
      const credential = await agent.pay(await describeProduct(runtime, placementProduct));
      const wire = JSON.parse(Buffer.from(credential.slice("Payment ".length), "base64url").toString("utf8")) as {
        payload: Authorization & { signature: Hex };
      };
      const { signature: _, ...a } = { ...wire.payload, validBefore: String(validBefore) };
      const signed = await signTransferAuthorization(agent.account, {
        from: a.from,
        to: a.to,
        nonce: a.nonce,
        value: BigInt(a.value),
        validAfter: BigInt(a.validAfter),
        validBefore: BigInt(a.validBefore),
      });
      wire.payload = { ...wire.payload, validBefore: String(validBefore), signature: signed.signature };
      return `Payment ${Buffer.from(JSON.stringify(wire)).toString("base64url")}`;
    };
    const far = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: await payUntil(YEAR_2100),
    });
    expect(far.status, far.text).toBe(402);
    expect(far.json.error).toBe(REASON);
    expect(far.json.message).toMatch(/too far ahead/);
    expect(far.headers["www-authenticate"]).toBeTruthy();
    expect(await purchasesOf(agent.address)).toBe(0);
    expect(await agent.balance()).toBe(funds);

    const atCap = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: await payUntil(nowS() + X402_MAX_TIMEOUT_SECONDS + VALID_BEFORE_SKEW_S),
    });
    expect(atCap.status, atCap.text).toBe(202);
    expect(await agent.balance()).toBe(funds - 10_000_000n);
  });
});
