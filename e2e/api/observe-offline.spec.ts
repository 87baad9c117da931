// The whole offline path against the built app, as the "Done when" describes it: the demo
// provider (started beside the app by scripts/e2e.ts with `npm run provider:demo`) is in the
// catalog; an agent finds its offer through the catalog API, calls it through the observer with a
// marketplace token (402 from the provider, passed through), pays with @x402/fetch on the same
// Idempotency-Key and gets the product. The observer's row says paid and balances moved by the price.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { withClient } from "../../scripts/lib/embedded-postgres";
import { runningEmbeddedUrl } from "../../scripts/lib/resolve-database";
import { createToken } from "../ui/pages/review-pages";
import { faucet, ledgerBalance } from "../local-ledger";

interface Offer {
  id: string;
  method: string;
  path: string;
  callUrl: string;
  priceUsd: string;
  routedByMarketplace: boolean;
  quickstart: string;
}

async function observedRow(key: string) {
  const url = await runningEmbeddedUrl(path.join(process.env.E2E_DATA_DIR!, "postgres"));
  if (!url) throw new Error("the app's embedded PostgreSQL is not running");
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      "SELECT status, outcome, state, paid, payer, transaction, network FROM observed_calls WHERE idempotency_key = $1",
      [key],
    );
    return rows as {
      status: number;
      outcome: string;
      state: string;
      paid: boolean;
      payer: string | null;
      transaction: string | null;
      network: string | null;
    }[];
  });
}

test("offline: catalog -> observer 402 -> pay with @x402/fetch -> the product; recorded as paid; balances moved by the price", async ({
  request,
  baseURL,
}) => {
  // Find the demo offer through the catalog API.
  const list = await (await request.get("/api/catalog/services?q=local%20demo%20provider&limit=5")).json();
  const listed = (list.services as { slug: string }[]).find((s) => s.slug === "local-demo-provider");
  expect(listed, "local-demo-provider is in the catalog (npm run provider:demo)").toBeDefined();
  const record = await (await request.get("/api/catalog/services/local-demo-provider")).json();
  const offer = (record.service.offers as Offer[]).find((o) => o.method === "GET" && o.path === "/v1/quote")!;
  expect(offer).toMatchObject({
    routedByMarketplace: true,
    priceUsd: "0.001",
    callUrl: `${baseURL}/api/x402/observe/${offer.id}`,
  });
  const callUrl = /'([^']+)'/.exec(offer.quickstart)![1]!; // the quickstart's URL, with its example query
  expect(callUrl).toBe(`${offer.callUrl}?symbol=ACME`);

  const token = await createToken();
  const key = `e2e-offline-${randomUUID()}`;
  const headers = { "x-marketplace-token": token, "idempotency-key": key };

  // Unpaid: the provider's 402 passes through the observer.
  const unpaid = await fetch(callUrl, { headers });
  expect(unpaid.status).toBe(402);
  const required = decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!);
  const [accepts] = required.accepts;
  expect(accepts).toMatchObject({ scheme: "exact", network: "eip155:84532", amount: "1000" });
  expect((await unpaid.json()).error).toBe("payment_required");

  // Funds for a fresh payer, and the balances before.
  const account = privateKeyToAccount(generatePrivateKey());
  await faucet(baseURL!, account.address, 1);
  const payeeBefore = await ledgerBalance(baseURL!, accepts!.payTo);

  // Paid: @x402/fetch answers the 402 and retries with PAYMENT-SIGNATURE on the same key.
  const pay = wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(account)));
  const paid = await pay(callUrl, { headers });
  expect(paid.status).toBe(200);
  const product = await paid.json();
  expect(product).toMatchObject({ ok: true, product: "quote", result: { symbol: "ACME", currency: "USD" } });
  const settlement = decodePaymentResponseHeader(paid.headers.get("payment-response")!);
  expect(settlement).toMatchObject({ success: true, network: "eip155:84532" });
  expect(settlement.payer!.toLowerCase()).toBe(account.address.toLowerCase());

  // Exactly the price moved: 1000 atomic units (0.001 USD) from the payer to the provider (the
  // provider's earlier balance read credited it 1 unit).
  expect(await ledgerBalance(baseURL!, account.address)).toBe(1_000_000 - 1000);
  expect((await ledgerBalance(baseURL!, accepts!.payTo)) - payeeBefore).toBe(1 + 1000);

  // The observer recorded the call as paid, with the settlement's payer and transaction.
  const [row] = await observedRow(key);
  expect(row).toMatchObject({
    status: 200,
    outcome: "provider",
    state: "completed",
    paid: true,
    network: "eip155:84532",
    transaction: settlement.transaction,
  });
  expect(row!.payer!.toLowerCase()).toBe(account.address.toLowerCase());

  // The same key again: the recorded answer, no second provider call or charge.
  const replay = await fetch(callUrl, { headers });
  expect(replay.status).toBe(200);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(await replay.json()).toEqual(product);
  expect(await ledgerBalance(baseURL!, account.address)).toBe(1_000_000 - 1000 + 1);
});

test("the observer answers the demo offer's link: 401 JSON without a token", async ({ request }) => {
  const record = await (await request.get("/api/catalog/services/local-demo-provider")).json();
  const offer = (record.service.offers as Offer[])[0]!;
  const res = await fetch(offer.callUrl, { headers: { "idempotency-key": `e2e-${randomUUID()}` } });
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ error: "unauthorized" });
});
