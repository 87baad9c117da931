// An agent with nothing but a wallet (issue 28's e2e), following the documented steps only: it signs the
// marketplace's sign-in-with-x challenge for a token (no account, no page), funds its wallet from the local
// faucet, calls a catalog offer through the observer paying with @x402/fetch, reviews the service with the
// marketplace's signed receipt of that call, and the review's page, in Chromium, says "Verified purchase"
// with the amount. The receipt also verifies with the key the marketplace publishes.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { verifyReceiptSignatureJWS } from "@x402/extensions/offer-receipt";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { postJson as post } from "../ui/pages/post-json";

interface Offer {
  id: string;
  method: string;
  path: string;
  quickstart: string;
}

test("a wallet signs in, pays a catalog offer through the observer, reviews it with the receipt, and the review page says verified purchase", async ({
  page,
  baseURL,
}) => {
  const started = performance.now();
  const account = privateKeyToAccount(generatePrivateKey());

  // 1. A token by wallet sign-in (docs/agents.md "A token without an account").
  const challenge = await post(baseURL!, "/api/auth/wallet/challenge", { address: account.address });
  expect(challenge.status).toBe(201);
  const message = challenge.body.message as string;
  expect(message).toContain(account.address);
  const signature = await account.signMessage({ message });
  const signedIn = await post(baseURL!, "/api/auth/wallet/token", {
    payload: { ...(challenge.body.payload as object), signature },
    name: "e2e wallet agent",
  });
  expect(signedIn.status).toBe(201);
  const token = signedIn.body.token as string;
  expect(token).toMatch(/^apmt_/);
  // The same signed payload again: its nonce is spent.
  const replayed = await post(baseURL!, "/api/auth/wallet/token", {
    payload: { ...(challenge.body.payload as object), signature },
  });
  expect(replayed.status).toBe(401);
  expect(replayed.body.error).toBe("wallet_sign_in_invalid");

  // 2. Funds on the local ledger, and the demo provider's quote offer from the catalog.
  expect((await post(baseURL!, "/api/dev/faucet", { address: account.address, amountUsd: 1 })).status).toBe(200);
  const record = await (await fetch(`${baseURL}/api/catalog/services/local-demo-provider`)).json();
  const offer = (record.service.offers as Offer[]).find((o) => o.method === "GET" && o.path === "/v1/quote")!;
  const callUrl = /'([^']+)'/.exec(offer.quickstart)![1]!;

  // 3. The paid call through the observer: @x402/fetch answers the provider's 402 on the same key.
  const headers = { "x-marketplace-token": token, "idempotency-key": `e2e-wallet-${randomUUID()}` };
  const pay = wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(account)));
  const paid = await pay(callUrl, { headers });
  expect(paid.status).toBe(200);
  const header = paid.headers.get("offer-receipt");
  expect(header, "the observer's answer carries the marketplace's signed receipt").toBeTruthy();
  const receipt = JSON.parse(Buffer.from(header!, "base64").toString("utf8")) as { format: "jws"; signature: string };
  expect(receipt.format).toBe("jws");

  // Anyone can check it with the published key its kid names.
  const did = await (await fetch(`${baseURL}/.well-known/did.json`)).json();
  const encodedHeader = receipt.signature.split(".")[0]!;
  const kid = (JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8")) as { kid: string }).kid;
  const method = (did.verificationMethod as { id: string; publicKeyJwk: JsonWebKey }[]).find((m) => m.id === kid);
  expect(method, `the key ${kid} is published`).toBeDefined();
  await expect(verifyReceiptSignatureJWS(receipt as never, method!.publicKeyJwk as never)).resolves.toBeTruthy();

  // 4. A review backed by the receipt.
  const review = await post(
    baseURL!,
    "/api/reviews",
    {
      slug: "local-demo-provider",
      rating: 5,
      title: "Quote arrived after one paid call",
      body: "Signed in with a wallet, paid 0.001 USD through the observer, got the quote.",
      receipt,
    },
    { "x-marketplace-token": token, "idempotency-key": `e2e-wallet-review-${randomUUID()}` },
  );
  expect(review.status).toBe(201);
  const written = review.body.review as { id: string; url: string; verifiedPurchase: { amount: string } | null };
  expect(written.verifiedPurchase).toMatchObject({ amount: "0.001" });

  // 5. The review's page says so, in Chromium.
  await page.goto(`/reviews/${written.id}`);
  await expect(page.getByText(/Verified purchase/).first()).toBeVisible();
  await expect(page.getByText(/0\.001/).first()).toBeVisible();
  console.log(`wallet → token → paid offer call → verified review: ${Math.round(performance.now() - started)} ms`);
});
