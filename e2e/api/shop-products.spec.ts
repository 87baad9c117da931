// An agent buys the queued products and asks for a paid ad on the running marketplace with the
// official x402 fetch client, funded by the local facilitator's faucet. Placements and evaluations
// cost more than the client's default 1 USD cap per payment, so the buyer raises it.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { evm, Mppx } from "mppx/client";
import { assets } from "mppx/evm";
import { Receipt } from "mppx";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { fundedAgent, ledgerBalance } from "../local-ledger";

async function fundedBuyer(baseURL: string, amountUsd: number) {
  const { account, pay } = await fundedAgent(baseURL, amountUsd, 100);
  return { pay, balance: () => ledgerBalance(baseURL, account.address) };
}

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

test("an agent buys a sponsored placement (202) and polls its order with the status credential", async ({
  baseURL,
}) => {
  const buyer = await fundedBuyer(baseURL!, 20);
  const res = await buyer.pay(
    `${baseURL}/api/shop/placements`,
    post({
      request_id: `e2e-placement-${randomUUID()}`,
      service: "isobar-weather",
      headline: "Hourly forecasts, paid per call",
      body: "Forecasts for any coordinate, 0.001 USD a request over x402.",
      targeting: { capabilities: ["maps-weather"], query: "weather forecast" },
      durationDays: 7,
    }),
  );
  expect(res.status).toBe(202);
  expect(decodePaymentResponseHeader(res.headers.get("payment-response")!).success).toBe(true);
  const { order } = (await res.json()) as {
    order: { id: string; product: string; status: string; statusUrl: string; statusAuthorization: string };
  };
  expect(order).toMatchObject({
    product: "placement",
    status: "queued",
    statusUrl: `${baseURL}/api/shop/orders/${order.id}`,
  });
  expect(await buyer.balance()).toBe(10_000_000); // 20 - 10 USD, in atomic units

  const polled = await fetch(order.statusUrl, { headers: { authorization: `Bearer ${order.statusAuthorization}` } });
  expect(polled.status).toBe(200);
  expect(await polled.json()).toMatchObject({
    ok: true,
    order: { id: order.id, product: "placement", status: "queued", history: [{ status: "queued" }] },
  });
  const wrong = await fetch(order.statusUrl, {
    headers: { authorization: `Bearer ${order.statusAuthorization.slice(0, -2)}xx` },
  });
  expect(wrong.status).toBe(404);
  const none = await fetch(order.statusUrl);
  expect(none.status).toBe(401);
});

test("an agent buys an evaluation (202 with its order)", async ({ baseURL }) => {
  const buyer = await fundedBuyer(baseURL!, 50);
  const res = await buyer.pay(
    `${baseURL}/api/shop/evaluations`,
    post({
      request_id: `e2e-evaluation-${randomUUID()}`,
      service: "isobar-weather",
      scope: "Call the hourly forecast offer for ten cities and check latency and error handling.",
      contact: { email: "buyer@example.com" },
    }),
  );
  expect(res.status).toBe(202);
  const { order } = (await res.json()) as { order: { product: string; status: string; statusAuthorization: string } };
  expect(order).toMatchObject({ product: "evaluation", status: "queued" });
  expect(order.statusAuthorization).toMatch(/^osa_/);
  expect(await buyer.balance()).toBe(1_000_000); // 50 - 49 USD
});

test("a paid ad with no eligible placement: 409 no_eligible_ad, nothing charged", async ({ baseURL }) => {
  const buyer = await fundedBuyer(baseURL!, 1);
  // A word no placement targets: nothing is eligible, whatever else the run activated.
  const res = await buyer.pay(
    `${baseURL}/api/shop/ads`,
    post({ request_id: `e2e-ad-${randomUUID()}`, context: { query: `zq${randomUUID().slice(0, 8)}` } }),
  );
  expect(res.status).toBe(409);
  expect(res.headers.get("payment-response")).toBeNull();
  expect(await res.json()).toMatchObject({ error: "no_eligible_ad", charged: false });
  expect(await buyer.balance()).toBe(1_000_000); // unchanged
});

test("an agent pays a sponsored placement with MPP (mppx client, evm charge): 202, Payment-Receipt, charged once", async ({
  baseURL,
}) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await fetch(`${baseURL}/api/dev/faucet`, post({ address: account.address, amountUsd: 20 }));
  expect(funded.status).toBe(200);
  // The 402 offers MPP beside x402: one `Payment` challenge per configured method, never cached.
  const challenge = await fetch(`${baseURL}/api/shop/placements`);
  expect(challenge.status).toBe(402);
  expect(challenge.headers.get("www-authenticate")).toMatch(/^Payment id="/);
  expect(challenge.headers.get("cache-control")).toBe("no-store");
  expect(challenge.headers.get("payment-required")).toBeTruthy();

  const mppx = Mppx.create({
    methods: [evm.charge({ account, currencies: [assets.baseSepolia.USDC] })],
    polyfill: false,
  });
  const body = {
    request_id: `e2e-mpp-placement-${randomUUID()}`,
    service: "isobar-weather",
    headline: "Forecasts for routes",
    body: "Paid with MPP.",
    targeting: { capabilities: ["maps-weather"] },
    durationDays: 3,
  };
  const res = await mppx.fetch(`${baseURL}/api/shop/placements`, post(body));
  expect(res.status).toBe(202);
  const receipt = Receipt.deserialize(res.headers.get("payment-receipt")!);
  expect(receipt).toMatchObject({ method: "evm", status: "success" });
  const { order } = (await res.json()) as { order: { product: string; status: string } };
  expect(order).toMatchObject({ product: "placement", status: "queued" });
  const balance = await fetch(`${baseURL}/api/dev/faucet`, post({ address: account.address, amountUsd: 0.000001 }));
  expect(((await balance.json()) as { balanceUsd: string }).balanceUsd).toBe("10.000001"); // 20 - 10 + the reading credit
});
