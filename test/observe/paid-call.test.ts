// The whole paid path through the observer against the x402-paid demo provider
// (server/demo-provider, the reference x402 resource server over the local facilitator), paid by
// the official x402 client signing real EIP-3009 authorizations: 402 passes through, the paid
// retry with the same key is forwarded, settles once, is recorded with payer and transaction from
// PAYMENT-RESPONSE, marks the token's review as a verified call, and replays without a second
// provider call or settlement.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/server/accounts/actor";
import { db } from "@/server/db";
import { startDemoProvider, type DemoProvider } from "@/server/demo-provider/start-demo-provider";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { createReview } from "@/server/reviews/create-review";
import { createTestAgent } from "@/test/payments/agent";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";

const { createOffer, observedRow } = observerFixtures(db);

const payTo = `0x${"5e".repeat(20)}`;
let provider: DemoProvider;
beforeAll(async () => {
  provider = await startDemoProvider({ facilitator: createLocalFacilitator(), payTo });
});
afterAll(() => provider.close());

describe("a paid call through the observer", () => {
  it("402 → paid retry with the same key → 200 with PAYMENT-RESPONSE, recorded as paid, replayed without a second settlement", async () => {
    const agent = await createTestAgent(1);
    const { token, tokenId } = await newToken("paying agent");
    const offer = await createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
    const service = await db.offer.findUniqueOrThrow({
      where: { id: offer },
      select: { service: { select: { id: true, slug: true } } },
    });
    const actor: Actor = { type: "llm", tokenId, personId: null, name: "paying agent", org: "Independent agent" };
    const review = await createReview(actor, {
      slug: service.service.slug,
      rating: 5,
      title: "Works",
      body: "Answered with a quote.",
    });

    const key = newKey();
    const unpaid = await callObserver(offer, { token, key, query: "?symbol=ACME" });
    expect(unpaid.status).toBe(402);
    const required = unpaid.headers.get("payment-required");
    expect(required).toBeTruthy();
    expect(await observedRow(tokenId, offer, key)).toMatchObject({ state: "retryable", status: 402, paid: false });

    const signature = await agent.sign(required!);
    const paid = await callObserver(offer, {
      token,
      key,
      query: "?symbol=ACME",
      headers: { "payment-signature": signature },
    });
    expect(paid.status).toBe(200);
    const body = await paid.text();
    expect(JSON.parse(body)).toMatchObject({ ok: true, product: "quote", result: { symbol: "ACME" } });
    const settlement = decodePaymentResponseHeader(paid.headers.get("payment-response")!);
    expect(settlement).toMatchObject({ success: true, network: "eip155:84532" });
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
    expect(await localBalance(payTo)).toBe(1000n);

    const row = await observedRow(tokenId, offer, key);
    expect(row).toMatchObject({
      state: "completed",
      status: 200,
      outcome: "provider",
      paid: true,
      payer: agent.address,
      transaction: settlement.transaction,
      network: "eip155:84532",
    });
    expect((await db.review.findUniqueOrThrow({ where: { id: review.id } })).verifiedCallAt).not.toBeNull();

    // Replays: the recorded answer, with its PAYMENT-RESPONSE; the provider is not called again.
    const hits = provider.hits("/v1/quote");
    const replay = await callObserver(offer, {
      token,
      key,
      query: "?symbol=ACME",
      headers: { "payment-signature": signature },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(body);
    expect(replay.headers.get("payment-response")).toBe(paid.headers.get("payment-response"));
    expect(provider.hits("/v1/quote")).toBe(hits);
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
  });

  it("an unpaid 402 is recorded as not paid", async () => {
    const { token, tokenId } = await newToken("unpaid agent");
    const offer = await createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
    const key = newKey();
    expect((await callObserver(offer, { token, key, query: "?symbol=ACME" })).status).toBe(402);
    expect((await observedRow(tokenId, offer, key)).paid).toBe(false);
  });
});
