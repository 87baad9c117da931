// The database going away mid-purchase (reliability target 5): every connection of this file's
// database is terminated and new ones are refused for a while, as in a PostgreSQL restart. No
// purchase may be charged without its stored result once the database is back, and no answer
// may say "not charged" after the transfer may have executed.
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { databaseOutage } from "@/test/database-outage";
import { createTestAgent } from "@/test/payments/agent";
import { buy, signedPurchase, type ShopAnswer } from "@/test/payments/shop";
import { clearCompletedPurchases } from "./completed-purchases";
import type { Facilitator } from "./facilitators/facilitator";
import { createLocalFacilitator } from "./facilitators/local-facilitator";
import { LOCAL_PAY_TO } from "./payment-config";
import { createPaymentRuntime, type PaymentRuntime } from "./payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { reconcileOpenPurchases } from "./reconciler";

const PRICE = 1000n;
const LOCAL = { mode: "local", payTo: LOCAL_PAY_TO, facilitatorUrl: null, facilitatorTimeoutMs: 1000 } as const;
const { cut: cutDatabase, restore: restoreDatabase } = databaseOutage();

interface Hooks {
  /** Around the facilitator's verification. */
  beforeVerify?: () => Promise<void>;
  afterVerify?: () => Promise<void>;
  /** Once a settle has executed its transfer, before its answer. */
  afterSettle?: () => Promise<void>;
}

/** The local facilitator, with hooks where a test cuts the database. */
function runtimeWith(hooks: Hooks): PaymentRuntime {
  const local = createLocalFacilitator();
  const facilitator: Facilitator = {
    ownLedger: local.ownLedger,
    async verify(payload, requirements) {
      await hooks.beforeVerify?.();
      try {
        return await local.verify(payload, requirements);
      } finally {
        await hooks.afterVerify?.();
      }
    },
    getSupported: () => local.getSupported(),
    async settle(payload, requirements) {
      const result = await local.settle(payload, requirements);
      await hooks.afterSettle?.();
      return result;
    },
  };
  return createPaymentRuntime(LOCAL, PRODUCT_LIST, { facilitator });
}

const transfersOf = (payer: string) => db.localTransfer.count({ where: { payer } });

/** Retries the same request and signature until it completes (as a client told to retry does). */
async function retryUntilPaid(runtime: PaymentRuntime, p: { body: unknown; signature: string }): Promise<ShopAnswer> {
  let last: ShopAnswer | undefined;
  for (let attempt = 0; attempt < 40; attempt++) {
    last = await buy(runtime, { body: p.body, signature: p.signature });
    if (last.status === 200) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never completed: ${last?.status} ${last?.text}`);
}

describe("database outage", () => {
  it("gone while the payment is verified: 503 charged false, not a 402 blaming the payment; the same signature then pays", async () => {
    let cut = true;
    let key = "";
    const runtime = runtimeWith({
      async beforeVerify() {
        if (!cut) return;
        // Verification runs alongside the claim: cut once the claim is committed.
        // Bounded by time, not by tries: a loaded machine makes each count slower.
        for (
          const until = Date.now() + 10_000;
          Date.now() < until && (await db.purchase.count({ where: { idempotencyKey: key } })) === 0;
        )
          await new Promise((r) => setTimeout(r, 5));
        await cutDatabase();
      },
      async afterVerify() {
        if (!cut) return;
        cut = false;
        await restoreDatabase(); // back before the purchase records the outcome
      },
    });
    const p = await signedPurchase(runtime);
    key = p.key;
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "facilitator_unavailable", charged: false });
    expect(await transfersOf(p.agent.address)).toBe(0);

    const retry = await retryUntilPaid(runtime, p);
    expect(retry.json).toMatchObject({ ok: true, requestId: p.key });
    expect(await transfersOf(p.agent.address)).toBe(1);
  });

  it("gone after the transfer executed, before its answer: 503 charged unknown (never false), then 200 on retry, charged once", async () => {
    let cut = true;
    const runtime = runtimeWith({
      async afterSettle() {
        if (!cut) return;
        cut = false;
        await cutDatabase();
        throw new Error("facilitator answer lost"); // the settle's outcome is unknown to the purchase
      },
    });
    const p = await signedPurchase(runtime);
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json.charged).toBe("unknown");
    expect(r.headers["retry-after"]).toBeDefined();

    await restoreDatabase();
    const retry = await retryUntilPaid(runtime, p);
    expect(retry.json).toMatchObject({ ok: true, requestId: p.key });
    expect(await transfersOf(p.agent.address)).toBe(1);
    expect(await p.agent.balance()).toBe(1_000_000n - PRICE);
  });

  it("gone right after a confirmed settle: 503 fulfilment_pending charged true, then 200 with the result, charged once", async () => {
    let cut = true;
    const runtime = runtimeWith({
      async afterSettle() {
        if (!cut) return;
        cut = false;
        await cutDatabase(); // the settled state and the result cannot be written
      },
    });
    const p = await signedPurchase(runtime);
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: "fulfilment_pending", charged: true });

    await restoreDatabase();
    const retry = await retryUntilPaid(runtime, p);
    expect(retry.json).toMatchObject({ ok: true, requestId: p.key });
    expect(await transfersOf(p.agent.address)).toBe(1);
  });

  it("restarted under load: every charged purchase ends completed with its stored result, each charged once", async () => {
    const runtime = createPaymentRuntime(LOCAL, PRODUCT_LIST);
    const agents = await Promise.all([1, 2, 3, 4].map(() => createTestAgent()));
    const purchases = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signedPurchase(runtime, agents[i % agents.length])),
    );

    // 8 purchases at a time; the database goes away a little after the start, for one second.
    const answers: { p: (typeof purchases)[number]; a: ShopAnswer }[] = [];
    const queue = [...purchases];
    const worker = async () => {
      for (let p = queue.shift(); p; p = queue.shift())
        answers.push({ p, a: await buy(runtime, { body: p.body, signature: p.signature }) });
    };
    const outageDone = (async () => {
      await new Promise((r) => setTimeout(r, 150));
      await cutDatabase();
      await new Promise((r) => setTimeout(r, 1000));
      await restoreDatabase();
    })();
    await Promise.all([...Array.from({ length: 8 }, worker), outageDone]);

    // Every answer is a purchase, a retryable 503 or "in progress"; never a 500 or a 402.
    for (const { a } of answers) {
      expect([200, 409, 503], a.text).toContain(a.status);
      if (a.status === 503)
        expect([
          "purchase_interrupted",
          "settlement_unknown",
          "fulfilment_pending",
          "facilitator_unavailable",
        ]).toContain(a.json.code);
    }
    expect(
      answers.some(({ a }) => a.status === 503),
      "the outage hit no purchase: the test proves nothing",
    ).toBe(true);
    // "Not charged" was true when said: nothing has retried those purchases yet.
    for (const { p } of answers.filter(({ a }) => a.json.charged === false)) {
      const nonce = (decodePaymentSignatureHeader(p.signature).payload as { authorization: { nonce: string } })
        .authorization.nonce;
      expect(await db.localTransfer.count({ where: { payer: p.agent.address, nonce: nonce.toLowerCase() } })).toBe(0);
    }

    // The reconciler and the clients' retries finish everything.
    await reconcileOpenPurchases(runtime, 0);
    clearCompletedPurchases();
    for (const p of purchases) await retryUntilPaid(runtime, p);
    expect(
      await db.purchase.count({ where: { payer: { in: agents.map((a) => a.address) }, state: { not: "completed" } } }),
    ).toBe(0);
    const completed = await db.purchase.findMany({
      where: { payer: { in: agents.map((a) => a.address) } },
      select: { responseBody: true, transaction: true },
    });
    expect(completed).toHaveLength(purchases.length);
    expect(completed.every((c) => c.responseBody?.startsWith('{"ok":true') && c.transaction)).toBe(true);
    const transfers = await db.localTransfer.findMany({
      where: { payer: { in: agents.map((a) => a.address) } },
      select: { transaction: true },
    });
    expect(new Set(transfers.map((t) => t.transaction))).toEqual(new Set(completed.map((c) => c.transaction)));
    for (const agent of agents)
      expect(await agent.balance()).toBe(1_000_000n - PRICE * BigInt(purchases.length / agents.length));
  }, 60_000);
});
