// An MPP purchase cut off after the payment went through is finished by the reconciler like an
// x402 one (it is the same EIP-3009 transfer in the same ledger): the order exists once, the payer
// is charged once, and the original credential then gets the stored 202 with its Payment-Receipt.
import { Receipt } from "mppx";
import { describe, expect, it, vi } from "vitest";
import { DatabaseError, db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { evaluationProduct } from "@/server/products/evaluation-product";
import type { ProductDefinition } from "@/server/products/product";
import { createMppAgent } from "@/test/payments/mpp-agent";
import { buyQueued, queuedBody } from "@/test/payments/queued-shop";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { describeProduct, reconcilePurchase } from "../purchase-flow";

// Each failure is armed by a test and fires once: the statement commits, then the connection "drops".
const lose = vi.hoisted(() => ({ settling: false, completed: false }));
vi.mock(import("../purchase-ledger"), async (importOriginal) => {
  const original = await importOriginal();
  const dropped = () => new DatabaseError(new Error("Connection terminated unexpectedly"));
  return {
    ...original,
    markSettling: async (...args: Parameters<typeof original.markSettling>) => {
      await original.markSettling(...args);
      if (lose.settling && !(lose.settling = false)) throw dropped();
    },
    markCompleted: async (...args: Parameters<typeof original.markCompleted>) => {
      if (lose.completed && !(lose.completed = false)) throw dropped(); // before it commits: the result is not stored
      await original.markCompleted(...args);
    },
  };
});

const runtime = paymentRuntime();
const FUNDS = 100_000_000n;

async function paidThenCut(product: ProductDefinition, cut: keyof typeof lose) {
  const agent = await createMppAgent();
  const body = queuedBody(product);
  const authorization = await agent.pay(await describeProduct(runtime, product));
  lose[cut] = true;
  const first = await buyQueued(runtime, product, { body, authorization });
  return { agent, body, authorization, first, key: body.request_id as string };
}

describe("an MPP purchase interrupted after the payment", () => {
  it("the move to settling committed but its reply was lost: 503 charged unknown; the reconciler settles and completes it once", async () => {
    const p = await paidThenCut(placementProduct, "settling");
    expect(p.first.status, p.first.text).toBe(503);
    expect(p.first.json).toMatchObject({ error: "settlement_unknown", charged: "unknown" });
    expect(await db.purchase.findFirstOrThrow({ where: { idempotencyKey: p.key } })).toMatchObject({
      state: "settling",
      protocol: "mpp",
    });

    expect(await reconcilePurchase(runtime, p.agent.address, p.key)).toBe("completed");
    expect(await p.agent.balance()).toBe(FUNDS - 10_000_000n);
    expect(await db.order.count({ where: { purchase: { idempotencyKey: p.key } } })).toBe(1);
    const retry = await buyQueued(runtime, placementProduct, { body: p.body, authorization: p.authorization });
    expect(retry.status, retry.text).toBe(202);
    expect(retry.json.idempotentReplay).toBe(true);
    const transfer = await db.localTransfer.findFirstOrThrow({ where: { payer: p.agent.address } });
    expect(Receipt.deserialize(retry.headers["payment-receipt"]!)).toMatchObject({
      method: "evm",
      status: "success",
      reference: transfer.transaction,
    });
  });

  it("settled, then the stored result was lost: 503 fulfilment pending (charged); the reconciler completes it with the same order", async () => {
    const p = await paidThenCut(evaluationProduct, "completed");
    expect(p.first.status, p.first.text).toBe(503);
    expect(p.first.json).toMatchObject({ error: "fulfilment_pending", charged: true });
    const settled = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: p.key } });
    expect(settled).toMatchObject({ state: "settled", protocol: "mpp" });
    const order = await db.order.findFirstOrThrow({ where: { purchaseId: settled.id } });

    expect(await reconcilePurchase(runtime, p.agent.address, p.key)).toBe("completed");
    const retry = await buyQueued(runtime, evaluationProduct, { body: p.body, authorization: p.authorization });
    expect(retry.status, retry.text).toBe(202);
    expect((retry.json.order as { id: string }).id).toBe(order.id);
    expect(retry.headers["payment-receipt"]).toBe(settled.paymentResponse);
    expect(await db.order.count({ where: { purchaseId: settled.id } })).toBe(1);
    expect(await db.localTransfer.count({ where: { payer: p.agent.address } })).toBe(1);
    expect(await p.agent.balance()).toBe(FUNDS - 49_000_000n);
  });
});
