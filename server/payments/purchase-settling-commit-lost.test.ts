// The move to `settling` committed, but its answer was lost with the connection: the row may now
// be settled by the reconciler, so the purchase must not answer charged:false (review finding).
import { describe, expect, it, vi } from "vitest";
import { DatabaseError } from "@/server/db";
import { buy, signedPurchase } from "@/test/payments/shop";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { reconcilePurchase } from "./purchase-flow";

vi.mock(import("./purchase-ledger"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    // Commits, then fails as a connection dropped before the reply would.
    markSettling: async (...args: Parameters<typeof original.markSettling>) => {
      await original.markSettling(...args);
      throw new DatabaseError(new Error("Connection terminated unexpectedly"));
    },
  };
});

const runtime = paymentRuntime();

describe("the settling commit landed but its reply was lost", () => {
  it("answers 503 charged unknown (not false); the reconciler completes it, charged once, and the retry gets the result", async () => {
    const p = await signedPurchase(runtime);
    const before = await p.agent.balance();
    const first = await buy(runtime, { body: p.body, signature: p.signature });
    expect(first.status, first.text).toBe(503);
    expect(first.json.charged).toBe("unknown");

    expect(await reconcilePurchase(runtime, p.agent.address, p.key)).toBe("completed");
    expect(before - (await p.agent.balance())).toBe(1000n);
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json.idempotentReplay).toBe(true);
  });
});
