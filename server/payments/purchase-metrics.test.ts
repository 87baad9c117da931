// The payment metrics move when their events happen, on a real purchase flow: a paid purchase
// (completed, verify and settle timed under its method), its replay, refusals (method known or not),
// a settle refused after verification (failed), and a purchase left open then finished by the
// reconciler (completed where it completes; the reconciler gauges read it from the database meanwhile).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { PRODUCT_LIST } from "@/server/products/products";
import { deltas, metricValue } from "@/test/metrics/metric-values";
import { startFaultyFacilitator, type FaultyFacilitator } from "@/test/payments/faulty-facilitator";
import { buy, shortlistBody, signedPurchase } from "@/test/payments/shop";
import { LOCAL_PAY_TO } from "./payment-config";
import { createPaymentRuntime, type PaymentRuntime } from "./payment-runtime";
import { reconcileOpenPurchases } from "./reconciler";

let facilitator: FaultyFacilitator;
let runtime: PaymentRuntime;
beforeAll(async () => {
  facilitator = await startFaultyFacilitator();
  runtime = createPaymentRuntime(
    { mode: "http", facilitatorUrl: facilitator.url, payTo: LOCAL_PAY_TO, facilitatorTimeoutMs: 2000 },
    PRODUCT_LIST,
  );
});
afterAll(() => facilitator.close());
beforeEach(() => {
  facilitator.verifyFault = "none";
  facilitator.settleFault = "none";
});

const EXACT = "x402-exact";
const outcome = (o: string, method = EXACT) =>
  ["marketplace_purchases_total", { product: "shortlist", method, outcome: o }] as [string, Record<string, string>];
const SAMPLES = {
  completed: outcome("completed"),
  replayed: outcome("replayed"),
  refused: outcome("refused"),
  refusedUnknown: outcome("refused", "unknown"),
  failed: outcome("failed"),
  verified: ["marketplace_payment_verify_duration_seconds_count", { method: EXACT }],
  settledOk: ["marketplace_payment_settle_duration_seconds_count", { method: EXACT, outcome: "ok" }],
  settledError: ["marketplace_payment_settle_duration_seconds_count", { method: EXACT, outcome: "error" }],
} satisfies Record<string, [string, Record<string, string>?]>;
const none = {
  completed: 0,
  replayed: 0,
  refused: 0,
  refusedUnknown: 0,
  failed: 0,
  verified: 0,
  settledOk: 0,
  settledError: 0,
};

const OPEN = ["claimed", "settling", "settled"];

describe("purchase metrics", () => {
  it("a paid purchase counts completed once and times its verify and settle; its replay counts replayed only", async () => {
    const p = await signedPurchase(runtime);
    const paid = await deltas(SAMPLES, async () => {
      expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(200);
    });
    expect(paid).toEqual({ ...none, completed: 1, verified: 1, settledOk: 1 });
    const replay = await deltas(SAMPLES, async () => {
      const r = await buy(runtime, { body: p.body, signature: p.signature });
      expect(r.json.idempotentReplay).toBe(true);
    });
    expect(replay).toEqual({ ...none, replayed: 1 });
    expect(await metricValue("marketplace_payment_verify_duration_seconds_sum", { method: EXACT })).toBeGreaterThan(0);
  });

  it("refusals count refused, under the method when the credential was read, else unknown; an unsigned POST counts nothing", async () => {
    const p = await signedPurchase(runtime);
    expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(200);
    const refused = await deltas(SAMPLES, async () => {
      // Another body under the completed key: 422 idempotency_key_reused.
      const other = { ...p.body, limit: 2 };
      expect((await buy(runtime, { body: other, signature: p.signature })).status).toBe(422);
      // A PAYMENT-SIGNATURE that is no payment at all: 402, its method unknown.
      expect((await buy(runtime, { body: shortlistBody(), signature: "bm90IGEgcGF5bWVudA" })).status).toBe(402);
      // No payment: the challenge, not a purchase.
      expect((await buy(runtime, { body: shortlistBody() })).status).toBe(402);
    });
    expect(refused).toEqual({ ...none, refused: 1, refusedUnknown: 1 });
  });

  it("a settle refused after verification counts failed (not refused) and times the settle as an error", async () => {
    const p = await signedPurchase(runtime);
    facilitator.settleFault = "refuse";
    const failed = await deltas(SAMPLES, async () => {
      expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(402);
    });
    expect(failed).toEqual({ ...none, failed: 1, verified: 1, settledError: 1 });
    expect(await db.purchase.findFirst({ where: { idempotencyKey: p.key } })).toMatchObject({ state: "failed" });
  });

  it("an open purchase shows in the reconciler gauges; the reconciler's completion counts completed", async () => {
    const p = await signedPurchase(runtime);
    facilitator.settleFault = "500";
    const open = await deltas(SAMPLES, async () => {
      expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(503);
    });
    // Open, waiting for the reconciler: no outcome yet.
    expect(open).toEqual({ ...none, verified: 1, settledError: 1 });
    const openRows = await db.purchase.count({ where: { state: { in: OPEN } } });
    expect(openRows).toBeGreaterThanOrEqual(1);
    expect(await metricValue("marketplace_reconciler_open_purchases")).toBe(openRows);
    await new Promise((r) => setTimeout(r, 50));
    const oldest = await db.purchase.findFirst({ where: { state: { in: OPEN } }, orderBy: { createdAt: "asc" } });
    const age = await metricValue("marketplace_reconciler_oldest_open_purchase_age_seconds");
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThanOrEqual((Date.now() - oldest!.createdAt.getTime()) / 1000 + 1);

    facilitator.settleFault = "none";
    const reconciled = await deltas(SAMPLES, () => reconcileOpenPurchases(runtime, 0));
    expect(reconciled).toEqual({ ...none, completed: 1, settledOk: 1 });
    expect(await db.purchase.findFirst({ where: { idempotencyKey: p.key } })).toMatchObject({ state: "completed" });
    expect(await metricValue("marketplace_reconciler_open_purchases")).toBe(
      await db.purchase.count({ where: { state: { in: OPEN } } }),
    );
  });
});
