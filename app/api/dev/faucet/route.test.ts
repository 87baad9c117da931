import { describe, expect, it } from "vitest";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { paymentConfigFromEnv } from "@/server/payments/payment-config";
import { POST } from "./route";

const ADDRESS = "0x00000000000000000000000000000000000fa0c1";
const faucet = (body: unknown) =>
  POST(
    new Request("http://marketplace.test/api/dev/faucet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

describe("POST /api/dev/faucet", () => {
  it("credits test USDC on the local ledger; credits add up", async () => {
    const first = await faucet({ address: ADDRESS, amountUsd: 2.5 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, address: ADDRESS, creditedUsd: "2.50", balanceUsd: "2.50" });
    const second = await faucet({ address: ADDRESS.toUpperCase().replace("0X", "0x"), amountUsd: 0.001 });
    expect(await second.json()).toMatchObject({ balanceUsd: "2.501" });
    expect(await localBalance(ADDRESS)).toBe(2_501_000n);
  });

  it("refuses bad input with 400 and JSON issues", async () => {
    for (const body of [
      { address: "0x123", amountUsd: 1 },
      { address: ADDRESS, amountUsd: -1 },
      { address: ADDRESS, amountUsd: 1e9 },
      { address: ADDRESS, extra: 1 },
    ]) {
      const res = await faucet(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("invalid_request");
    }
    expect((await faucet("{")).status).toBe(400);
  });

  it("does not exist when payments go to an HTTP facilitator", async () => {
    const remote = { ...paymentConfigFromEnv(), mode: "http" as const, facilitatorUrl: "http://127.0.0.1:9" };
    await expect(creditTestFunds({ address: ADDRESS, amountUsd: 1 }, remote)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
