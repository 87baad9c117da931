// Finding "the order status credential is stored in clear": the purchase ledger keeps the queued
// purchase's answer without its statusAuthorization (only the order keeps a hash of it); the answer,
// its replays (memory and ledger) and the purchase recovery carry it again, byte for byte, and it
// opens the order.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { clearCompletedPurchases } from "@/server/payments/completed-purchases";
import { encodeHeaderJson } from "@/server/payments/header-codec";
import { recoverPurchase } from "@/server/payments/purchase-recovery";
import { PURCHASE_RECOVERY_TYPED_DATA } from "@/server/payments/purchase-recovery-authorization";
import { evaluationProduct } from "@/server/products/evaluation-product";
import { placementProduct } from "@/server/products/placement-product";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { createQueuedX402Agent } from "@/test/payments/mpp-agent";
import { buyQueued, describeQueued, queuedBody } from "@/test/payments/queued-shop";
import { GET } from "./route";

const runtime = paymentRuntime();
const replayed = (text: string) => text.replace('"idempotentReplay":false', '"idempotentReplay":true');

describe("the queued purchase's stored answer", () => {
  for (const product of [placementProduct, evaluationProduct]) {
    it(`${product.id}: the ledger keeps no status credential; answer, replays and recovery carry the one that opens the order`, async () => {
      const agent = await createQueuedX402Agent();
      const body = queuedBody(product);
      const key = body.request_id as string;
      const signature = await agent.sign((await describeQueued(runtime, product)).headers["payment-required"]!);
      const first = await buyQueued(runtime, product, { body, signature });
      expect(first.status, first.text).toBe(202);
      const order = first.json.order as { id: string; statusAuthorization: string };
      expect(order.statusAuthorization).toMatch(/^osa_[A-Za-z0-9_-]{43}$/);

      const stored = (await db.purchase.findFirst({ where: { idempotencyKey: key } }))!.responseBody!;
      expect(stored).toContain(`"id":"${order.id}"`);
      expect(stored).not.toContain(order.statusAuthorization);
      expect(stored).not.toContain(order.statusAuthorization.slice(4));
      expect(stored).not.toMatch(/osa_|[A-Za-z0-9_-]{40,}/);

      // Replays: from memory, then from the ledger; the recovery route: all the first bytes.
      const fromMemory = await buyQueued(runtime, product, { body, signature });
      expect(fromMemory.text).toBe(replayed(first.text));
      clearCompletedPurchases();
      const fromLedger = await buyQueued(runtime, product, { body, signature });
      expect(fromLedger.status).toBe(202);
      expect(fromLedger.text).toBe(replayed(first.text));
      const resource = `http://marketplace.test${product.path}`;
      const expiresAt = Math.floor(Date.now() / 1000) + 120;
      const recoverySignature = await agent.account.signTypedData({
        ...PURCHASE_RECOVERY_TYPED_DATA,
        message: { idempotencyKey: key, resource, expiresAt: BigInt(expiresAt) },
      });
      const recovered = await recoverPurchase(runtime, {
        idempotencyKey: key,
        authorization: encodeHeaderJson({ payer: agent.address, resource, expiresAt, signature: recoverySignature }),
      });
      expect(recovered.status, recovered.body).toBe(202);
      expect(recovered.body).toBe(replayed(first.text));

      const credential = (JSON.parse(recovered.body) as { order: { statusAuthorization: string } }).order
        .statusAuthorization;
      const res = await GET(
        new Request("http://marketplace.test/api/shop/orders/segment", {
          headers: { authorization: `Bearer ${credential}` },
        }),
        { params: Promise.resolve({ id: order.id }) },
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { order: { id: string } }).order).toMatchObject({
        id: order.id,
        product: product.id,
      });
    });
  }

  it("an answer stored in clear before (an older ledger) replays as it was, and the migration seals it without changing a replay", async () => {
    const agent = await createQueuedX402Agent();
    const body = queuedBody(placementProduct);
    const key = body.request_id as string;
    const signature = await agent.sign((await describeQueued(runtime, placementProduct)).headers["payment-required"]!);
    const first = await buyQueued(runtime, placementProduct, { body, signature });
    expect(first.status, first.text).toBe(202);
    const credential = (first.json.order as { statusAuthorization: string }).statusAuthorization;
    await db.purchase.updateMany({ where: { idempotencyKey: key }, data: { responseBody: first.text } });
    clearCompletedPurchases();
    expect((await buyQueued(runtime, placementProduct, { body, signature })).text).toBe(replayed(first.text));

    const migration = readFileSync(
      new URL("../../../../../prisma/migrations/20261128003000_seal_purchase_answers/migration.sql", import.meta.url),
      "utf8",
    );
    await db.$executeRawUnsafe(migration);
    const stored = (await db.purchase.findFirst({ where: { idempotencyKey: key } }))!.responseBody!;
    expect(stored).not.toContain(credential);
    expect(stored).toContain('"statusAuthorization":null');
    clearCompletedPurchases();
    expect((await buyQueued(runtime, placementProduct, { body, signature })).text).toBe(replayed(first.text));
  });
});
