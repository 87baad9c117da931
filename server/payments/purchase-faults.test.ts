// Facilitator faults (decisions.md §3.8) with an HTTP facilitator on loopback: down, 5xx and a
// settle that times out after the transfer executed. Never a 402 once the payer may be charged;
// every open purchase is reconciled, and charged exactly once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { startFaultyFacilitator, type FaultyFacilitator } from "@/test/payments/faulty-facilitator";
import { buy, describe402, signedPurchase } from "@/test/payments/shop";
import { LOCAL_PAY_TO } from "./payment-config";
import { createPaymentRuntime, type PaymentRuntime } from "./payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { reconcileOpenPurchases } from "./reconciler";

let facilitator: FaultyFacilitator;
// Short enough for quick fault tests, long enough for a first (cold) request on a loaded CI machine;
// the facilitator's hangs last longer (hangMs).
const TIMEOUT_MS = 1000;
let runtime: PaymentRuntime;
const PRICE = 1000n;

beforeAll(async () => {
  facilitator = await startFaultyFacilitator();
  runtime = createPaymentRuntime(
    { mode: "http", facilitatorUrl: facilitator.url, payTo: LOCAL_PAY_TO, facilitatorTimeoutMs: TIMEOUT_MS },
    PRODUCT_LIST,
  );
});
afterAll(() => facilitator.close());
beforeEach(() => {
  facilitator.verifyFault = "none";
  facilitator.settleFault = "none";
});

const purchase = () => signedPurchase(runtime);

const stateOf = async (key: string) => (await db.purchase.findFirst({ where: { idempotencyKey: key } }))?.state;
const transfers = (payer: string) => db.localTransfer.count({ where: { payer } });
type Purchase = Awaited<ReturnType<typeof purchase>>;

async function expectChargedOnce(p: Purchase) {
  expect(await transfers(p.agent.address)).toBe(1);
  expect(await p.agent.balance()).toBe(1_000_000n - PRICE);
}

/** The transfer executes but the settle's answer never arrives: 503, outcome open. */
async function leaveSettlementOpen(p: Purchase) {
  facilitator.settleFault = "hang-after-settle";
  expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(503);
  facilitator.settleFault = "none";
}

describe("facilitator faults", () => {
  it("pays through the HTTP facilitator when it is healthy", async () => {
    const p = await purchase();
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(200);
    expect(await p.agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("down at verify: 503 facilitator_unavailable, charged false; the same signature succeeds once it is back", async () => {
    const p = await purchase();
    await facilitator.down();
    try {
      const r = await buy(runtime, { body: p.body, signature: p.signature });
      expect(r.status).toBe(503);
      expect(r.json).toEqual({
        error: "facilitator_unavailable",
        message: expect.any(String),
        code: "facilitator_unavailable",
        charged: false,
      });
      expect(await p.agent.balance()).toBe(1_000_000n);
    } finally {
      await facilitator.up();
    }
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status).toBe(200);
    expect(await p.agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("5xx at verify: 503 facilitator_unavailable, charged false", async () => {
    const p = await purchase();
    facilitator.verifyFault = "500";
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "facilitator_unavailable", charged: false });
    expect(await stateOf(p.key)).toBeUndefined(); // an unverified claim is dropped, binding nothing
    expect(await p.agent.balance()).toBe(1_000_000n);
  });

  it("verification refused with an error status (400 + verdict): 402 with the reason, not 503", async () => {
    const p = await purchase();
    facilitator.verifyFault = "400-invalid";
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("invalid_exact_evm_signature");
  });

  it("a settle that reports failure after the transfer executed: 503 charged unknown, never 402; reconciled, charged once", async () => {
    const p = await purchase();
    facilitator.settleFault = "fail-after-settle";
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "settlement_unknown", charged: "unknown" });
    // The client's retry must not be told to pay again.
    const again = await buy(runtime, { body: p.body, signature: p.signature });
    expect(again.status).not.toBe(402);
    facilitator.settleFault = "none";
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(p.key)).toBe("completed");
    expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(200);
    await expectChargedOnce(p);
  });

  it("retrying a purchase whose settle is open while the facilitator is down: charged unknown, never charged:false", async () => {
    const p = await purchase();
    await leaveSettlementOpen(p);
    await facilitator.down();
    try {
      const fresh = createPaymentRuntime(
        { mode: "http", facilitatorUrl: facilitator.url, payTo: LOCAL_PAY_TO, facilitatorTimeoutMs: TIMEOUT_MS },
        PRODUCT_LIST,
      );
      const r = await buy(fresh, { body: p.body, signature: p.signature });
      expect(r.status).toBe(503);
      expect(r.json.charged).toBe("unknown");
    } finally {
      await facilitator.up();
    }
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(p.key)).toBe("completed");
  });

  it("settle refused before submission after verification passed: 402, no result stored (the shortlist prepared meanwhile is dropped)", async () => {
    const p = await purchase();
    facilitator.settleFault = "refuse";
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({ error: "invalid_exact_evm_insufficient_balance" });
    const row = await db.purchase.findFirst({ where: { idempotencyKey: p.key } });
    expect(row).toMatchObject({ state: "failed", responseBody: null, transaction: null });
    expect(await transfers(p.agent.address)).toBe(0);
    facilitator.settleFault = "none";
    expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(200);
    await expectChargedOnce(p);
  });

  it("5xx at settle: 503 settlement_unknown with Retry-After; the reconciler settles and fulfils it once", async () => {
    const p = await purchase();
    facilitator.settleFault = "500";
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "settlement_unknown", charged: "unknown" });
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stateOf(p.key)).toBe("settling");
    // Still failing: the purchase stays open, and a retry is again 503, never 402.
    const again = await buy(runtime, { body: p.body, signature: p.signature });
    expect(again.status).toBe(503);
    facilitator.settleFault = "none";
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(p.key)).toBe("completed");
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status).toBe(200);
    expect(retry.headers["payment-response"]).toBeDefined();
    await expectChargedOnce(p);
  });

  it("timeout after the transfer executed: 503 charged unknown; reconciled to completed, charged once", async () => {
    const p = await purchase();
    facilitator.settleFault = "hang-after-settle";
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "settlement_unknown", charged: "unknown" });
    expect(await transfers(p.agent.address)).toBe(1); // the payer was charged
    facilitator.settleFault = "none";
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(p.key)).toBe("completed");
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status).toBe(200);
    expect((retry.json.shortlist as { matches: unknown[] }).matches.length).toBeGreaterThan(0);
    await expectChargedOnce(p);
  });

  it("timeout after the transfer executed, then the client retries first: 200, charged once", async () => {
    const p = await purchase();
    await leaveSettlementOpen(p);
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status).toBe(200);
    expect(retry.json.idempotentReplay).toBe(false);
    await expectChargedOnce(p);
  });

  it("a new signature on a key whose settlement is unknown is never settled once the first one resolves as paid", async () => {
    const p = await purchase();
    await leaveSettlementOpen(p);
    const other = await p.agent.sign((await describe402(runtime)).headers["payment-required"]!);
    const r = await buy(runtime, { body: p.body, signature: other });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe("idempotency_key_in_use");
    expect(await transfers(p.agent.address)).toBe(1);
  });

  it("a re-settle refused after an unanswered settle stays open (503 charged unknown), never a 402", async () => {
    const p = await purchase();
    facilitator.settleFault = "500";
    expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(503);
    // The payer's funds are gone before the reconciler runs: the re-settle is refused, but a
    // remote facilitator cannot say whether the first settle executed.
    facilitator.settleFault = "none";
    await db.localBalance.update({ where: { address: p.agent.address }, data: { balanceAtomic: 0n } });
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(p.key)).toBe("settling");
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status).toBe(503);
    expect(retry.json).toMatchObject({ code: "settlement_unknown", charged: "unknown" });
    // Funds back: the next pass resolves it, charged once.
    await db.localBalance.update({ where: { address: p.agent.address }, data: { balanceAtomic: 5000n } });
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(p.key)).toBe("completed");
    expect(await transfers(p.agent.address)).toBe(1);
    expect(await p.agent.balance()).toBe(4000n);
  });

  it("paid but the result cannot be built yet: 503 fulfilment_pending charged true, then 200 once it can, charged once", async () => {
    const p = await purchase();
    await leaveSettlementOpen(p);
    // The stored request no longer passes the product's schema (as after a schema change).
    const row = await db.purchase.findFirst({ where: { idempotencyKey: p.key } });
    await db.purchase.update({ where: { id: row!.id }, data: { requestBody: { outcome: "x" } } });
    const pending = await buy(runtime, { body: p.body, signature: p.signature });
    expect(pending.status).toBe(503);
    expect(pending.json).toMatchObject({ code: "fulfilment_pending", charged: true });
    expect(Number(pending.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stateOf(p.key)).toBe("settled");
    // Each failed attempt is counted; the reconciler waits longer before the next (backing off).
    expect((await db.purchase.findUnique({ where: { id: row!.id } }))?.fulfilFailures).toBe(1);
    expect((await buy(runtime, { body: p.body, signature: p.signature })).status).toBe(503);
    expect((await db.purchase.findUnique({ where: { id: row!.id } }))?.fulfilFailures).toBe(2);
    await db.purchase.update({ where: { id: row!.id }, data: { requestBody: p.body as object } });
    const done = await buy(runtime, { body: p.body, signature: p.signature });
    expect(done.status).toBe(200);
    await expectChargedOnce(p);
  });

  it("leaves no purchase open after reconciliation (of all the faults above)", async () => {
    expect(await db.purchase.count()).toBeGreaterThan(5);
    await reconcileOpenPurchases(runtime, 0);
    expect(await db.purchase.count({ where: { state: { in: ["claimed", "settling", "settled"] } } })).toBe(0);
  });

  it("GET while the facilitator is down and no challenge was built yet: 503 facilitator_unavailable", async () => {
    await facilitator.down();
    try {
      const fresh = createPaymentRuntime(
        { mode: "http", facilitatorUrl: facilitator.url, payTo: LOCAL_PAY_TO, facilitatorTimeoutMs: TIMEOUT_MS },
        PRODUCT_LIST,
      );
      const r = await describe402(fresh);
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ code: "facilitator_unavailable", charged: false });
    } finally {
      await facilitator.up();
    }
  });
});
