// MPP across instances and configurations: challenges agree between instances (the HMAC secret is
// shared through the database), an HTTP facilitator verifies and settles MPP payments too, and MPP
// switched off (no method, or no pay-to) leaves the queued products on x402 alone.
import { Challenge } from "mppx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { startFaultyFacilitator, type FaultyFacilitator } from "@/test/payments/faulty-facilitator";
import { createMppAgent } from "@/test/payments/mpp-agent";
import { buyQueued, describeQueued, queuedBody } from "@/test/payments/queued-shop";
import { LOCAL_PAY_TO, paymentConfigFromEnv } from "../payment-config";
import { createPaymentRuntime } from "../payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { describeProduct } from "../purchase-flow";
import { freshExpiry, MPP_CHALLENGE_LIFETIME_S, MPP_CHALLENGE_WINDOW_S, windowExpiry } from "./mpp-challenges";

const W = MPP_CHALLENGE_WINDOW_S * 1000;
const L = MPP_CHALLENGE_LIFETIME_S * 1000;

describe("challenge lifetime", () => {
  it("every moment of a window gets the same expiry, 5 to 6 minutes ahead; the next window the next one", () => {
    const start = Date.UTC(2026, 10, 23, 12, 0, 0);
    for (const offset of [0, 1, 30_000, W - 1]) expect(windowExpiry(start + offset).getTime()).toBe(start + W + L);
    expect(windowExpiry(start + W).getTime()).toBe(start + 2 * W + L);
    for (const now of [start, start + W - 1]) {
      const left = windowExpiry(now).getTime() - now;
      expect(left).toBeGreaterThan(L);
      expect(left).toBeLessThanOrEqual(L + W);
    }
  });

  it("a refusal's challenges expire off the window grid, so they are unique to the answer", () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0) + 1234;
    expect(freshExpiry(now).getTime()).toBe(now + W + L);
    expect(freshExpiry(now).getTime() % 1000).not.toBe(0);
  });
});

describe("two instances on one database", () => {
  it("issue the same challenges in a window, and one honours the other's", async () => {
    const [a, b] = [
      createPaymentRuntime(paymentConfigFromEnv(), PRODUCT_LIST),
      createPaymentRuntime(paymentConfigFromEnv(), PRODUCT_LIST),
    ];
    for (let attempt = 0; ; attempt++) {
      const window = Math.floor(Date.now() / W);
      const [ca, cb] = await Promise.all([describeProduct(a, placementProduct), describeProduct(b, placementProduct)]);
      if (Math.floor(Date.now() / W) !== window && attempt < 3) continue;
      expect(ca.headers["www-authenticate"]).toBe(cb.headers["www-authenticate"]);
      break;
    }
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(a, placementProduct));
    const paid = await buyQueued(b, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(paid.status, paid.text).toBe(202);
    // And the credential is spent for both.
    const again = await buyQueued(a, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(again.json.error).toBe("mpp_credential_used");
    expect(await agent.balance()).toBe(90_000_000n);
  });
});

describe("with an HTTP facilitator (X402_FACILITATOR_URL)", () => {
  let facilitator: FaultyFacilitator;
  beforeAll(async () => void (facilitator = await startFaultyFacilitator()));
  afterAll(() => facilitator.close());

  it("the evm credential is verified and settled by that facilitator", async () => {
    const runtime = createPaymentRuntime(
      {
        mode: "http",
        facilitatorUrl: facilitator.url,
        payTo: LOCAL_PAY_TO,
        facilitatorTimeoutMs: 5000,
        mpp: paymentConfigFromEnv().mpp,
      },
      PRODUCT_LIST,
    );
    const agent = await createMppAgent();
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const before = { ...facilitator.calls };
    const r = await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(r.status, r.text).toBe(202);
    expect(facilitator.calls.verify - before.verify).toBe(1);
    expect(facilitator.calls.settle - before.settle).toBe(1);
    expect(r.headers["payment-receipt"]).toBeTruthy();
    expect(await agent.balance()).toBe(90_000_000n);
  });
});

describe("MPP switched off", () => {
  it("no method configured: no WWW-Authenticate, and an MPP credential is not a payment (the plain 402)", async () => {
    const config = paymentConfigFromEnv();
    const off = createPaymentRuntime({ ...config, mpp: { ...config.mpp!, methods: [] } }, PRODUCT_LIST);
    expect(off.mpp).toBeNull();
    const described = await describeQueued(off, placementProduct);
    expect(described.status).toBe(402);
    expect(described.headers["www-authenticate"]).toBeUndefined();
    expect(described.json.message).not.toMatch(/Authorization: Payment/);
    const agent = await createMppAgent();
    const authorization = await agent.pay(
      await describeProduct(createPaymentRuntime(config, PRODUCT_LIST), placementProduct),
    );
    const r = await buyQueued(off, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(r.status).toBe(402);
    expect(r.text).toBe(described.text);
    expect(await agent.balance()).toBe(100_000_000n);
  });

  it("payment off (no pay-to): 503 payment_unconfigured with or without a credential", async () => {
    const config = paymentConfigFromEnv();
    const off = createPaymentRuntime({ ...config, payTo: null }, PRODUCT_LIST);
    expect(off.mpp).toBeNull();
    expect((await describeQueued(off, placementProduct)).json.code).toBe("payment_unconfigured");
    const agent = await createMppAgent();
    const authorization = await agent.pay(
      await describeProduct(createPaymentRuntime(config, PRODUCT_LIST), placementProduct),
    );
    const r = await buyQueued(off, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "payment_unconfigured", charged: false });
    expect(await db.purchase.count({ where: { payer: agent.address } })).toBe(0);
  });

  it("the challenges parse for what each instance offers: one per configured method", async () => {
    const runtime = createPaymentRuntime(paymentConfigFromEnv(), PRODUCT_LIST);
    const listed = Challenge.deserializeList(
      (await describeProduct(runtime, placementProduct)).headers["www-authenticate"]!,
    );
    expect(listed.map((c) => c.method)).toEqual(paymentConfigFromEnv().mpp!.methods);
  });
});
