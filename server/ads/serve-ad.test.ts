// Paid ad retrieval end to end through the purchase flow, against a real PostgreSQL with real
// EIP-3009 authorizations: the uncharged 409, targeting, rotation, one serve per purchase, and a
// placement that lapses between the precheck and the fulfilment.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { adProduct } from "@/server/products/ad-product";
import type { ProductDefinition } from "@/server/products/product";
import type { AdRequest } from "./ad-request";
import { adPurchaseSchema } from "./ad-record";
import { createTestAgent, type TestAgent } from "@/test/payments/agent";
import { challengeOf } from "@/test/payments/product-purchase";
import { buyProduct } from "@/test/payments/shop";
import { activatePlacement, activePlacement, buyPlacement, expirePlacement, servesOf } from "@/test/ads/placements";

const runtime = paymentRuntime();
const PRICE = 2000n;
const FUNDS = 1_000_000n;

// Every placement a test makes targets words of its own, so tests in this file never see each other's ads.
const topic = () => `topic${randomUUID().slice(0, 8)}`;

const adBody = (context: AdRequest["context"]) => ({ request_id: `ad-${randomUUID()}`, context });

async function buyAd(
  agent: TestAgent,
  body: unknown,
  product: ProductDefinition = adProduct as ProductDefinition,
  signature?: string,
) {
  return buyProduct(runtime, product, {
    body,
    signature: signature ?? (await agent.sign(await challengeOf(runtime, adProduct))),
  });
}

/** Every row of the payment ledger and the local chain, to compare before and after. */
async function ledgerSnapshot() {
  const [purchases, balances, transfers, serves, rotation] = await Promise.all([
    db.$queryRaw(Prisma.sql`SELECT * FROM purchases ORDER BY id`),
    db.$queryRaw(Prisma.sql`SELECT * FROM local_balances ORDER BY address`),
    db.$queryRaw(Prisma.sql`SELECT * FROM local_transfers ORDER BY transaction`),
    db.$queryRaw(Prisma.sql`SELECT * FROM ad_serves ORDER BY purchase_id`),
    db.$queryRaw(Prisma.sql`SELECT * FROM ad_rotation ORDER BY order_id`),
  ]);
  return JSON.stringify({ purchases, balances, transfers, serves, rotation }, (_k, v: unknown) =>
    typeof v === "bigint" ? v.toString() : v,
  );
}

describe("no eligible ad: 409, uncharged, decided before any payment step", () => {
  it("leaves the balance and every ledger row unchanged; the same authorization pays once an ad is eligible", async () => {
    const words = topic();
    const agent = await createTestAgent();
    const body = adBody({ query: `${words} please` });
    const signature = await agent.sign(await challengeOf(runtime, adProduct));
    // A placement for these words exists but is not active yet: not eligible.
    const orderId = await buyPlacement(runtime, {
      targeting: { query: `${words} weather` },
      headline: "Not yet active",
    });

    const before = await ledgerSnapshot();
    const refused = await buyAd(agent, body, undefined, signature);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: "no_eligible_ad", message: expect.any(String), charged: false });
    expect(refused.headers["payment-response"]).toBeUndefined();
    expect(refused.headers["cache-control"]).toBe("no-store");
    // And again: still nothing claimed, verified or settled.
    expect((await buyAd(agent, body, undefined, signature)).status).toBe(409);
    expect(await ledgerSnapshot()).toBe(before);
    expect(await agent.balance()).toBe(FUNDS);

    await activatePlacement(orderId);
    const paid = await buyAd(agent, body, undefined, signature);
    expect(paid.status).toBe(200);
    const result = adPurchaseSchema.strict().parse(paid.json);
    expect(result).toMatchObject({ ok: true, idempotentReplay: false, requestId: body.request_id });
    expect(result.ad).toEqual({
      id: orderId,
      headline: "Not yet active",
      body: "Forecasts for any coordinate.",
      url: "http://marketplace.test/services/isobar-weather",
      sponsored: true,
      service: { slug: "isobar-weather", name: expect.any(String) },
    });
    expect(paid.headers["payment-response"]).toBeTruthy();
    expect(await agent.balance()).toBe(FUNDS - PRICE);
    expect(await db.localTransfer.count({ where: { payer: agent.address } })).toBe(1);

    // The replay is the stored answer, charged once.
    const replay = await buyAd(agent, body, undefined, signature);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(paid.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(await agent.balance()).toBe(FUNDS - PRICE);
    expect(await servesOf([orderId])).toEqual([1]);
  });

  it("an expired, a queued and a future placement are not eligible", async () => {
    const words = topic();
    const expired = await activePlacement(runtime, { targeting: { query: words } });
    await expirePlacement(expired);
    await buyPlacement(runtime, { targeting: { query: words } }); // queued, never activated
    const future = await buyPlacement(runtime, { targeting: { query: words } });
    await activatePlacement(future, new Date(Date.now() + 3_600_000));
    const agent = await createTestAgent();
    const refused = await buyAd(agent, adBody({ query: words }));
    expect(refused.status).toBe(409);
    expect(await agent.balance()).toBe(FUNDS);
  });
});

describe("targeting", () => {
  it("a capability the placement targets, or a query sharing a word with its query; stop words never match", async () => {
    const words = topic();
    const byQuery = await activePlacement(runtime, {
      targeting: { query: `${words} hourly forecasts` },
      headline: "By query",
    });
    const agent = await createTestAgent();

    const viaWord = await buyAd(agent, adBody({ query: `Need ${words.toUpperCase()}, please` }));
    expect(viaWord.status).toBe(200);
    expect((viaWord.json.ad as { id: string }).id).toBe(byQuery);

    // Only stop words, or a word that differs by one letter (no stemming): no match, nothing charged.
    const stop = await buyAd(agent, adBody({ query: "The API for any services, please" }));
    expect(stop.status).toBe(409);
    const near = await buyAd(agent, adBody({ query: `${words}s` }));
    expect(near.status).toBe(409);
    expect(await agent.balance()).toBe(FUNDS - PRICE);

    // A capability nobody targets in this file: 409; with a query that matches: the query's ad.
    const both = await buyAd(agent, adBody({ capability: "social", query: words }));
    expect(both.status).toBe(200);
    expect((both.json.ad as { id: string }).id).toBe(byQuery);
  });

  it("the placement's own url when it gave one", async () => {
    const words = topic();
    const id = await activePlacement(runtime, {
      targeting: { query: words },
      url: "https://ads.example.com/landing?x=1",
    });
    const answer = await buyAd(await createTestAgent(), adBody({ query: words }));
    expect(answer.json.ad).toMatchObject({ id, url: "https://ads.example.com/landing?x=1", sponsored: true });
  });
});

describe("rotation", () => {
  it("serves the placement with the fewest paid serves, ties by earliest activation: N purchases over K give floor(N/K) or ceil(N/K)", async () => {
    const words = topic();
    const t0 = Date.now() - 60_000;
    // Activated in the order c, a, b: the first round serves them in that order.
    const [a, b, c] = [
      await buyPlacement(runtime, { targeting: { query: words }, headline: "A" }),
      await buyPlacement(runtime, { targeting: { query: words }, headline: "B" }),
      await buyPlacement(runtime, { targeting: { query: words }, headline: "C" }),
    ];
    await activatePlacement(c, new Date(t0));
    await activatePlacement(a, new Date(t0 + 1000));
    await activatePlacement(b, new Date(t0 + 2000));
    const agent = await createTestAgent();
    const served: string[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await buyAd(agent, adBody({ query: words }));
      expect(answer.status).toBe(200);
      served.push((answer.json.ad as { headline: string }).headline);
    }
    expect(served).toEqual(["C", "A", "B", "C", "A", "B", "C"]);
    expect(await servesOf([a, b, c])).toEqual([2, 2, 3]);
    expect(await agent.balance()).toBe(FUNDS - 7n * PRICE);
  });

  it("concurrent purchases stay balanced (one lock for choosing and counting)", async () => {
    const words = topic();
    const ids = [
      await activePlacement(runtime, { targeting: { query: words } }),
      await activePlacement(runtime, { targeting: { query: words } }),
      await activePlacement(runtime, { targeting: { query: words } }),
    ];
    const agents = await Promise.all(Array.from({ length: 4 }, () => createTestAgent()));
    const header = await challengeOf(runtime, adProduct);
    const signed = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => ({
        body: adBody({ query: words }),
        signature: await agents[i % 4]!.sign(header),
      })),
    );
    const answers = await Promise.all(signed.map((s) => buyProduct(runtime, adProduct as ProductDefinition, s)));
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    const counts = await servesOf(ids);
    expect(counts.reduce((x, y) => x + y)).toBe(20);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    // Each answer's ad agrees with the serve recorded for its purchase.
    for (const [i, s] of signed.entries()) {
      const [row] = await db.$queryRaw<{ orderId: string }[]>(
        Prisma.sql`SELECT s.order_id AS "orderId" FROM ad_serves s JOIN purchases p ON p.id = s.purchase_id WHERE p.idempotency_key = ${s.body.request_id}`,
      );
      expect((answers[i]!.json.ad as { id: string }).id).toBe(row!.orderId);
    }
  });
});

describe("one purchase sent many times at once", () => {
  it("10 identical requests at once: one charge, one serve, every 200 the same ad", async () => {
    const words = topic();
    const ids = [
      await activePlacement(runtime, { targeting: { query: words } }),
      await activePlacement(runtime, { targeting: { query: words } }),
    ];
    const agent = await createTestAgent();
    const body = adBody({ query: words });
    const signature = await agent.sign(await challengeOf(runtime, adProduct));
    const answers = await Promise.all(Array.from({ length: 10 }, () => buyAd(agent, body, undefined, signature)));
    for (const x of answers) expect([200, 409]).toContain(x.status);
    const ok = answers.filter((x) => x.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const x of answers.filter((a) => a.status === 409)) expect(x.json.error).toBe("purchase_in_progress");
    for (const x of ok) expect(x.json.ad).toEqual(ok[0]!.json.ad);
    expect(await agent.balance()).toBe(FUNDS - PRICE);
    expect((await servesOf(ids)).reduce((x, y) => x + y)).toBe(1);
  });
});

describe("serving many purchases at once", () => {
  it("30 fulfilments of distinct purchases at once over 3 placements: 10 each", async () => {
    const words = topic();
    const ids = [
      await activePlacement(runtime, { targeting: { query: words } }),
      await activePlacement(runtime, { targeting: { query: words } }),
      await activePlacement(runtime, { targeting: { query: words } }),
    ];
    const input = adProduct.purchaseSchema.parse(adBody({ query: words }));
    const served = await Promise.all(
      Array.from({ length: 30 }, () =>
        adProduct.fulfil(input, {
          purchaseId: randomUUID(),
          idempotencyKey: input.request_id!,
          payer: "0x0000000000000000000000000000000000000002",
        }),
      ),
    );
    expect(await servesOf(ids)).toEqual([10, 10, 10]);
    const perAd = ids.map((id) => served.filter((r) => (r.ad as { id: string }).id === id).length);
    expect(perAd).toEqual([10, 10, 10]);
  });
});

describe("fulfilment runs more than once for a purchase", () => {
  it("returns the same ad and counts the serve once", async () => {
    const words = topic();
    const ids = [
      await activePlacement(runtime, { targeting: { query: words } }),
      await activePlacement(runtime, { targeting: { query: words } }),
    ];
    const purchaseId = randomUUID();
    const input = adProduct.purchaseSchema.parse(adBody({ query: words }));
    const context = {
      purchaseId,
      idempotencyKey: input.request_id!,
      payer: "0x0000000000000000000000000000000000000001",
    };
    const runs = await Promise.all([
      adProduct.fulfil(input, context),
      adProduct.fulfil(input, context),
      adProduct.fulfil(input, context),
    ]);
    const again = await adProduct.fulfil(input, context);
    for (const r of [...runs, again]) expect(r).toEqual(runs[0]);
    expect((await servesOf(ids)).reduce((x, y) => x + y)).toBe(1);
    expect(
      await db.$queryRaw<{ n: number }[]>(
        Prisma.sql`SELECT count(*)::int AS n FROM ad_serves WHERE purchase_id = ${purchaseId}::uuid`,
      ),
    ).toEqual([{ n: 1 }]);
  });
});

describe("the placement lapses between the precheck and the fulfilment", () => {
  it("the payer was charged: the placement eligible at the precheck is still delivered, and counted", async () => {
    const words = topic();
    const id = await activePlacement(runtime, { targeting: { query: words }, headline: "Lapsing" });
    // The real precheck, then the placement expires before anything is verified or settled.
    const lapsing: ProductDefinition<AdRequest> = {
      ...adProduct,
      async precheck(input) {
        await adProduct.precheck!(input);
        await expirePlacement(id);
      },
    };
    const agent = await createTestAgent();
    const answer = await buyAd(agent, adBody({ query: words }), lapsing as ProductDefinition);
    expect(answer.status).toBe(200);
    expect(answer.json.ad).toMatchObject({ id, headline: "Lapsing", sponsored: true });
    expect(await agent.balance()).toBe(FUNDS - PRICE);
    expect(await servesOf([id])).toEqual([1]);
    // Afterwards nothing is eligible: a new purchase is refused uncharged.
    const other = await createTestAgent();
    expect((await buyAd(other, adBody({ query: words }))).status).toBe(409);
    expect(await other.balance()).toBe(FUNDS);
  });
});
