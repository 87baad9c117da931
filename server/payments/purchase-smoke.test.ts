import { describe, expect, it } from "vitest";
import { createTestAgent } from "@/test/payments/agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { paymentRuntime } from "./payment-runtime";

describe("smoke", () => {
  it("pays", async () => {
    const runtime = paymentRuntime();
    const challenge = await describe402(runtime);
    expect(challenge.status).toBe(402);
    const agent = await createTestAgent(1);
    const body = shortlistBody();
    const signature = await agent.sign(challenge.headers["payment-required"]!);
    const paid = await buy(runtime, { body, signature });
    console.log(paid.status, paid.text.slice(0, 300), paid.headers);
    expect(paid.status).toBe(200);
    expect(await agent.balance()).toBe(999000n);
    const replay = await buy(runtime, { body, signature });
    expect(replay.status).toBe(200);
    expect(replay.json.idempotentReplay).toBe(true);
  });
});
