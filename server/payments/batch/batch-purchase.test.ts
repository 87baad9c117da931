import { decodePaymentRequiredHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { createBatchAgent } from "@/test/payments/batch-agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";

const runtime = paymentRuntime();

describe("batch-settlement", () => {
  it("offers batch-settlement after exact", async () => {
    const r = await describe402(runtime);
    const required = decodePaymentRequiredHeader(r.headers["payment-required"]!);
    console.log(JSON.stringify(required.accepts, null, 1));
    expect(required.accepts.map((a) => a.scheme)).toEqual(["exact", "batch-settlement"]);
  });

  it("pays with a deposit, then vouchers", async () => {
    const agent = await createBatchAgent();
    const header = (await describe402(runtime)).headers["payment-required"]!;
    for (let i = 0; i < 3; i++) {
      const signature = await agent.sign(header);
      const r = await buy(runtime, { body: shortlistBody(), signature });
      console.log(r.status, r.text.slice(0, 300), r.headers["payment-response"]);
      expect(r.status).toBe(200);
      await agent.paid(r.headers["payment-response"]!, signature);
    }
  });
});
