// An agent buys a shortlist from the running marketplace with the official x402 fetch client,
// funded by the local facilitator's faucet.
import { expect, test } from "@playwright/test";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { fundedAgent } from "../local-ledger";

test("an agent pays for a shortlist with @x402/fetch and is charged exactly once", async ({ baseURL }) => {
  const { account, pay: payingFetch } = await fundedAgent(baseURL!);
  const body = JSON.stringify({
    request_id: `e2e-${Date.now()}`,
    outcome: "hourly weather forecasts for delivery route planning",
    conditions: ["pay per request with x402"],
  });
  const init = { method: "POST", headers: { "content-type": "application/json" }, body };
  const paid = await payingFetch(`${baseURL}/api/shop/shortlist`, init);
  expect(paid.status).toBe(200);
  const result = await paid.json();
  expect(result).toMatchObject({ ok: true, idempotentReplay: false });
  expect(result.shortlist.matches.length).toBeGreaterThan(0);
  const settlement = decodePaymentResponseHeader(paid.headers.get("payment-response")!);
  expect(settlement.success).toBe(true);

  // The 402 the client answered, and the balance after exactly one charge.
  const balance = await fetch(`${baseURL}/api/dev/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: account.address, amountUsd: 0.000001 }),
  });
  expect((await balance.json()).balanceUsd).toBe("0.999001");
});

test("GET /api/shop/shortlist answers 402 with PAYMENT-REQUIRED and free links", async ({ request }) => {
  const res = await request.get("/api/shop/shortlist");
  expect(res.status()).toBe(402);
  expect(res.headers()["payment-required"]).toMatch(/^[A-Za-z0-9]+$/);
  const body = await res.json();
  expect(Object.keys(body.free).sort()).toEqual(["browse_marketplace", "docs", "homepage", "search_api"]);
});
