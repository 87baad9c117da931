// The typed client against a real marketplace over HTTP: the app's route handlers behind a
// loopback server (test/http/app-server.ts), the test file's PostgreSQL, real EIP-3009 signatures
// settled by the local facilitator, and the x402 demo provider behind the observer route.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { startDemoProvider, type DemoProvider } from "@/server/demo-provider/start-demo-provider";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { moveOrder } from "@/server/orders/move-order";
import { createPerson } from "@/server/reviews/test-actors";
import { freePort } from "@/test/free-port";
import { startAppServer, type AppServer } from "@/test/http/app-server";
import { errorOf, fundedWallet, payingClient, valueOf } from "@/test/http/typed-client";
import { newToken, observerFixtures } from "@/test/observe/observer";
import { createTestAgent } from "@/test/payments/agent";
import { createMarketplaceClient } from "./marketplace-client";

const { createOffer } = observerFixtures(db);
const PROVIDER_PAY_TO = `0x${"7c".repeat(20)}`;

let app: AppServer;
let provider: DemoProvider;
beforeAll(async () => {
  app = await startAppServer();
  provider = await startDemoProvider({ facilitator: createLocalFacilitator(), payTo: PROVIDER_PAY_TO });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** Requests that carried a payment since `from` (an index into app.requests). */
const signedSince = (from: number) => app.requests.slice(from).filter((r) => r.headers.has("payment-signature"));

const shortlistInput = (extra: Record<string, unknown> = {}) => ({
  outcome: "weather forecast API for delivery route planning",
  search: "terms" as const,
  limit: 3,
  ...extra,
});

let seededSlug: string;
async function aSlug(): Promise<string> {
  seededSlug ??= (await db.service.findFirstOrThrow({ orderBy: { slug: "asc" }, select: { slug: true } })).slug;
  return seededSlug;
}

describe("free reads", () => {
  it("searchServices: 200 checked against the search schema; 400 invalid_request with the issue path", async () => {
    const client = createMarketplaceClient({ baseUrl: `${app.url}/` });
    const found = valueOf(await client.searchServices({ q: "weather", limit: 3 }));
    expect(found.query).toBe("weather");
    expect(found.services.length).toBeGreaterThan(0);
    expect(found.services.length).toBeLessThanOrEqual(3);
    expect(found.services[0]).toMatchObject({ rank: 1, slug: expect.any(String) });

    const bad = errorOf(await client.searchServices({ limit: 0 }));
    expect(bad).toMatchObject({ kind: "invalid_request", status: 400, code: "invalid_request" });
    expect(bad.issues).toEqual([expect.objectContaining({ path: ["limit"] })]);
  });

  it("getService: 200 service record; 404 not_found for an unknown or malformed slug", async () => {
    const client = createMarketplaceClient({ baseUrl: app.url });
    const slug = await aSlug();
    const record = valueOf(await client.getService(slug));
    expect(
      record.service.entity.slug === slug ||
        record.service.surface.subjectSlug === slug ||
        record.service.id.length > 0,
    ).toBe(true);
    expect(record.schemaVersion).toBe(1);
    expect(errorOf(await client.getService("no-such-service-zz"))).toMatchObject({
      kind: "not_found",
      status: 404,
      code: "not_found",
    });
    // The path is encoded, so a hostile slug stays one path segment (and is simply unknown).
    expect(errorOf(await client.getService("../../dev/faucet"))).toMatchObject({ kind: "not_found", status: 404 });
  });

  it("getReviews: 200 list; 404 for an unknown service; 400 for a bad limit or sort", async () => {
    const client = createMarketplaceClient({ baseUrl: app.url });
    const list = valueOf(await client.getReviews(await aSlug(), { limit: 5 }));
    expect(Array.isArray(list.reviews)).toBe(true);
    expect(list).toHaveProperty("nextCursor");
    expect(errorOf(await client.getReviews("no-such-service-zz"))).toMatchObject({ kind: "not_found", status: 404 });
    const bad = errorOf(await client.getReviews(await aSlug(), { limit: 0, sort: "sideways" }));
    expect(bad).toMatchObject({ kind: "invalid_request", status: 400 });
    expect(bad.issues!.map((i) => i.path[0]).sort()).toEqual(["limit", "sort"]);
  });

  it("describeProduct: the 402 terms and the product, never a payment; an unknown product is not_found", async () => {
    const { wallet, client } = await payingClient(app.url);
    const from = app.requests.length;
    const terms = valueOf(await client.describeProduct("shortlist"));
    expect(terms).toMatchObject({
      amountUsd: "0.001",
      atomic: "1000",
      scheme: "exact",
      network: "eip155:84532",
      product: { id: "shortlist" },
    });
    expect(terms.resource).toContain("/api/shop/shortlist");
    expect((terms.paymentRequired as { x402Version: number }).x402Version).toBe(2);
    expect(valueOf(await client.describeProduct("ads"))).toMatchObject({ amountUsd: "0.002", atomic: "2000" });
    expect(errorOf(await client.describeProduct("nope" as "ads"))).toMatchObject({ kind: "not_found", status: 404 });
    expect(signedSince(from)).toHaveLength(0);
    expect(await wallet.balance()).toBe(1_000_000n);
  });
});

describe("buyShortlist", () => {
  it("pays exactly the price once, reports the spend; the same key again replays uncharged", async () => {
    const { wallet, client } = await payingClient(app.url);
    const bought = valueOf(await client.buyShortlist(shortlistInput(), { idempotencyKey: "client-test-replay-1" }));
    expect(bought.status).toBe(200);
    expect(bought.value).toMatchObject({ ok: true, idempotentReplay: false, requestId: "client-test-replay-1" });
    expect(bought.value.shortlist.matches.length).toBeGreaterThan(0);
    expect(bought.spent).toMatchObject({
      amountUsd: "0.001",
      atomic: "1000",
      network: "eip155:84532",
      payer: wallet.address,
    });
    expect(bought.spent!.transaction).toMatch(/^0x[0-9a-f]+$/i);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session).toEqual({ spentUsd: "0.001", remainingUsd: "0.999" });

    const replay = valueOf(await client.buyShortlist(shortlistInput(), { idempotencyKey: "client-test-replay-1" }));
    expect(replay.spent).toBeNull();
    expect(replay.value.idempotentReplay).toBe(true);
    expect(replay.value.shortlist).toEqual(bought.value.shortlist);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session.spentUsd).toBe("0.001");
  });

  it("a fresh key per call by default: two purchases, two charges", async () => {
    const { wallet, client } = await payingClient(app.url);
    const a = valueOf(await client.buyShortlist(shortlistInput()));
    const b = valueOf(await client.buyShortlist(shortlistInput()));
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.value.requestId).toBe(a.idempotencyKey);
    expect(await wallet.balance()).toBe(1_000_000n - 2000n);
    expect(client.session.spentUsd).toBe("0.002");
  });

  it("the same key with another body: conflict idempotency_key_reused (422), nothing charged again", async () => {
    const { wallet, client } = await payingClient(app.url);
    valueOf(await client.buyShortlist(shortlistInput(), { idempotencyKey: "client-test-reused-1" }));
    const reused = errorOf(
      await client.buyShortlist(shortlistInput({ limit: 2 }), { idempotencyKey: "client-test-reused-1" }),
    );
    expect(reused).toMatchObject({
      kind: "conflict",
      status: 422,
      code: "idempotency_key_reused",
      idempotencyKey: "client-test-reused-1",
    });
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session.spentUsd).toBe("0.001");
  });

  it("dry run: payment_required with the terms; nothing signed, balance unchanged", async () => {
    const { wallet, client } = await payingClient(app.url);
    const from = app.requests.length;
    const dry = errorOf(await client.buyShortlist(shortlistInput(), { dryRun: true }));
    expect(dry).toMatchObject({
      kind: "payment_required",
      status: 402,
      code: "payment_required",
      terms: { amountUsd: "0.001", atomic: "1000" },
    });
    expect(dry.message).toMatch(/Dry run/);
    expect(signedSince(from)).toHaveLength(0);
    expect(await wallet.balance()).toBe(1_000_000n);
    expect(client.session.spentUsd).toBe("0.00");
  });

  it("no wallet: payment_required with the terms, nothing signed", async () => {
    const client = createMarketplaceClient({ baseUrl: app.url });
    const from = app.requests.length;
    const e = errorOf(await client.buyShortlist(shortlistInput()));
    expect(e).toMatchObject({
      kind: "payment_required",
      status: 402,
      code: "payment_required",
      terms: { atomic: "1000", amountUsd: "0.001" },
    });
    expect(e.message).toMatch(/no wallet/);
    expect(signedSince(from)).toHaveLength(0);
  });

  it("per-call cap (configured, or tighter per call; a looser maxUsd cannot raise it): cap_exceeded with terms, nothing signed", async () => {
    const wallet = await fundedWallet();
    const tight = createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key, caps: { maxUsdPerCall: "0.0005" } });
    const from = app.requests.length;
    const over = errorOf(await tight.buyShortlist(shortlistInput()));
    expect(over).toMatchObject({ kind: "cap_exceeded", status: null, code: "cap_exceeded", terms: { atomic: "1000" } });
    expect(over.message).toMatch(/per-call cap of 0.0005 USD/);
    expect(errorOf(await tight.buyShortlist(shortlistInput(), { maxUsd: "1.00" }))).toMatchObject({
      kind: "cap_exceeded",
    });
    const roomy = createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key });
    expect(errorOf(await roomy.buyShortlist(shortlistInput(), { maxUsd: "0.0009" }))).toMatchObject({
      kind: "cap_exceeded",
      code: "cap_exceeded",
    });
    expect(signedSince(from)).toHaveLength(0);
    expect(await wallet.balance()).toBe(1_000_000n);
    expect(tight.session.spentUsd).toBe("0.00");
    // At the cap exactly is allowed.
    expect(valueOf(await roomy.buyShortlist(shortlistInput(), { maxUsd: "0.001" })).spent?.atomic).toBe("1000");
  });

  it("session cap: the purchase that would pass it is refused before signing", async () => {
    const { wallet, client } = await payingClient(app.url, { caps: { maxUsdPerSession: "0.0015" } });
    valueOf(await client.buyShortlist(shortlistInput()));
    const from = app.requests.length;
    const over = errorOf(await client.buyShortlist(shortlistInput()));
    expect(over).toMatchObject({ kind: "cap_exceeded", code: "cap_exceeded", terms: { atomic: "1000" } });
    expect(over.message).toMatch(/session cap/);
    expect(signedSince(from)).toHaveLength(0);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session).toEqual({ spentUsd: "0.001", remainingUsd: "0.0005" });
  });

  it("concurrent purchases of one client never pass the session cap together", async () => {
    const { wallet, client } = await payingClient(app.url, { caps: { maxUsdPerSession: "0.002" } });
    const results = await Promise.all([1, 2, 3, 4].map(() => client.buyShortlist(shortlistInput())));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).map((r) => errorOf(r).kind)).toEqual(["cap_exceeded", "cap_exceeded"]);
    expect(await wallet.balance()).toBe(1_000_000n - 2000n);
  });

  it("invalid input: invalid_request with the issues, nothing signed", async () => {
    const { wallet, client } = await payingClient(app.url);
    const from = app.requests.length;
    const e = errorOf(await client.buyShortlist({ outcome: "abc", limit: 9 } as never));
    expect(e).toMatchObject({ kind: "invalid_request", status: 400, code: "invalid_request" });
    expect(e.issues!.map((i) => i.path[0]).sort()).toEqual(["limit", "outcome"]);
    expect(signedSince(from)).toHaveLength(0);
    expect(await wallet.balance()).toBe(1_000_000n);
    // Not JSON at all: refused on the client.
    expect(errorOf(await client.buyShortlist({ outcome: 1n } as never))).toMatchObject({
      kind: "invalid_request",
      status: null,
    });
  });

  it("a payment the facilitator refuses (no funds): payment_required with the verifier's code, reservation released", async () => {
    const { client } = await payingClient(app.url, { fundUsd: 0 });
    const e = errorOf(await client.buyShortlist(shortlistInput()));
    expect(e).toMatchObject({ kind: "payment_required", status: 402, terms: { atomic: "1000" } });
    expect(e.code).toBe("invalid_exact_evm_insufficient_balance");
    expect(client.session.spentUsd).toBe("0.00");
  });

  it("an already-signed payment (no wallet): sent as is, its amount checked against the caps first", async () => {
    const agent = await createTestAgent(1);
    const client = createMarketplaceClient({ baseUrl: app.url });
    const challenge = (await fetch(`${app.url}/api/shop/shortlist`)).headers.get("payment-required")!;
    const payment = await agent.sign(challenge);
    const from = app.requests.length;
    expect(errorOf(await client.buyShortlist(shortlistInput(), { payment, maxUsd: "0.0001" }))).toMatchObject({
      kind: "cap_exceeded",
      terms: { atomic: "1000" },
    });
    expect(signedSince(from)).toHaveLength(0);
    const bought = valueOf(
      await client.buyShortlist(shortlistInput(), { payment, idempotencyKey: "client-test-presigned-1" }),
    );
    expect(bought.spent).toMatchObject({ atomic: "1000" });
    expect(bought.spent!.payer!.toLowerCase()).toBe(agent.address);
    expect(await agent.balance()).toBe(1_000_000n - 1000n);
    // The same payment again: the stored answer, charged nothing, and the session gives it back.
    const replay = valueOf(
      await client.buyShortlist(shortlistInput(), { payment, idempotencyKey: "client-test-presigned-1" }),
    );
    expect(replay.spent).toBeNull();
    expect(client.session.spentUsd).toBe("0.001");
    expect(errorOf(await client.buyShortlist(shortlistInput(), { payment: "not base64 json" }))).toMatchObject({
      kind: "invalid_request",
      code: "invalid_payment",
    });
  });
});

describe("buyProduct and orderStatus", () => {
  it("ads with no eligible ad: conflict no_eligible_ad, nothing charged, the session reservation released", async () => {
    const { wallet, client } = await payingClient(app.url);
    const e = errorOf(await client.buyProduct("ads", { context: { query: "nothing-targets-this-word-zzqv" } }));
    expect(e).toMatchObject({ kind: "conflict", status: 409, code: "no_eligible_ad" });
    expect(await wallet.balance()).toBe(1_000_000n);
    expect(client.session).toEqual({ spentUsd: "0.00", remainingUsd: "1.00" });
  });

  it("a placement (10 USD) within raised caps: 202 with the order; orderStatus 200, 404 for a wrong credential, 401 without one", async () => {
    const wallet = await fundedWallet(11);
    const low = createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key });
    const order = {
      service: await aSlug(),
      headline: "Fast forecasts",
      body: "Weather for route planning.",
      targeting: { query: "weather" },
      durationDays: 7,
    };
    expect(errorOf(await low.buyProduct("placements", order))).toMatchObject({
      kind: "cap_exceeded",
      terms: { amountUsd: "10.00", atomic: "10000000" },
    });

    const client = createMarketplaceClient({
      baseUrl: app.url,
      wallet: wallet.key,
      caps: { maxUsdPerCall: "10", maxUsdPerSession: "20" },
    });
    const placed = valueOf(await client.buyProduct("placements", order));
    expect(placed.status).toBe(202);
    expect(placed.spent).toMatchObject({ amountUsd: "10.00", atomic: "10000000" });
    expect(await wallet.balance()).toBe(11_000_000n - 10_000_000n);
    const created = placed.value.order;

    const status = valueOf(await client.orderStatus(created.id, created.statusAuthorization));
    expect(status).toMatchObject({ id: created.id, product: "placement", status: "queued" });
    expect(errorOf(await client.orderStatus(created.id, "wrong-credential"))).toMatchObject({
      kind: "not_found",
      status: 404,
    });
    expect(errorOf(await client.orderStatus(created.id, ""))).toMatchObject({
      kind: "unauthorized",
      status: 401,
      code: "unauthorized",
    });
    expect(errorOf(await client.orderStatus("not-a-uuid", created.statusAuthorization))).toMatchObject({
      kind: "not_found",
      status: 404,
    });

    // An operator activates it (real moves); the status follows, and the ad product now sells it.
    const operator = await createPerson("operator", "Client Test Operator");
    for (const action of ["start", "activate"] as const)
      await moveOrder({ actor: operator, orderId: created.id, action });
    expect(valueOf(await client.orderStatus(created.id, created.statusAuthorization)).status).toBe("active");
    const ad = valueOf(await client.buyProduct("ads", { context: { query: "weather" } }));
    expect(ad.status).toBe(200);
    expect(ad.value.ad).toMatchObject({ sponsored: true, headline: "Fast forecasts" });
    expect(ad.spent).toMatchObject({ amountUsd: "0.002", atomic: "2000" });
    expect(await wallet.balance()).toBe(11_000_000n - 10_000_000n - 2000n);
    expect(client.session.spentUsd).toBe("10.002");
  });

  it("an unknown product name is refused on the client", async () => {
    const client = createMarketplaceClient({ baseUrl: app.url });
    expect(errorOf(await client.buyProduct("shortlist" as "ads", {}))).toMatchObject({
      kind: "invalid_request",
      status: null,
    });
    expect(errorOf(await client.buyProduct("toString" as "ads", {}))).toMatchObject({
      kind: "invalid_request",
      status: null,
    });
  });
});

describe("callOffer through the observer", () => {
  it("pays the provider's 402 within the caps: the provider is paid exactly its price, the spend is reported", async () => {
    const wallet = await fundedWallet();
    const { token } = await newToken("typed client");
    const offer = await createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
    const client = createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key, token });
    const before = await localBalance(PROVIDER_PAY_TO);
    const called = valueOf(await client.callOffer(offer, { query: { symbol: "ACME" } }));
    expect(called.value).toMatchObject({
      status: 200,
      body: { ok: true, product: "quote", result: { symbol: "ACME" } },
    });
    expect(called.value.contentType).toMatch(/application\/json/);
    expect(called.spent).toMatchObject({
      amountUsd: "0.001",
      atomic: "1000",
      payTo: PROVIDER_PAY_TO,
      network: "eip155:84532",
    });
    expect(called.spent!.transaction).toBeTruthy();
    expect(await localBalance(PROVIDER_PAY_TO)).toBe(before + 1000n);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session.spentUsd).toBe("0.001");

    // The same key again: the observer's recorded answer, no second payment.
    const hits = provider.hits("/v1/quote");
    const again = valueOf(
      await client.callOffer(offer, { query: { symbol: "ACME" }, idempotencyKey: called.idempotencyKey }),
    );
    expect(again.spent).toBeNull();
    expect(provider.hits("/v1/quote")).toBe(hits);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
  });

  it("a POST offer with a JSON body: the provider gets the body, is paid its price (0.002)", async () => {
    const wallet = await fundedWallet();
    const { token } = await newToken("posting client");
    const offer = await createOffer({
      method: "POST",
      providerUrl: provider.url,
      path: "/v1/summarize",
      testMode: true,
    });
    const client = createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key, token });
    const called = valueOf(
      await client.callOffer(offer, {
        method: "POST",
        body: { text: "Agents pay per call. The marketplace records every call." },
      }),
    );
    expect(called.value.status).toBe(200);
    expect(JSON.stringify(called.value.body)).toContain("Agents pay per call.");
    expect(called.spent).toMatchObject({ amountUsd: "0.002", atomic: "2000", payTo: PROVIDER_PAY_TO });
    expect(await wallet.balance()).toBe(1_000_000n - 2000n);
    // The offer's method is POST: a GET is the observer's own refusal (405), not a provider answer.
    expect(errorOf(await client.callOffer(offer, { method: "GET" }))).toMatchObject({
      kind: "invalid_request",
      status: 405,
      code: "method_not_allowed",
    });
    // Without `method` the client asks the observer for the offer's own: the provider's POST terms.
    expect(errorOf(await client.callOffer(offer, { body: { text: "One." } }, { dryRun: true }))).toMatchObject({
      kind: "payment_required",
      terms: { atomic: "2000" },
    });
    expect(await wallet.balance()).toBe(1_000_000n - 2000n);
  });

  it("without a token: unauthorized; over the cap: cap_exceeded with nothing signed; dry run: the provider's terms", async () => {
    const wallet = await fundedWallet();
    const offer = await createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
    expect(
      errorOf(await createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key }).callOffer(offer)),
    ).toMatchObject({ kind: "unauthorized", status: 401, code: "unauthorized" });

    const { token } = await newToken("capped client");
    const client = createMarketplaceClient({
      baseUrl: app.url,
      wallet: wallet.key,
      token,
      caps: { maxUsdPerCall: "0.0005" },
    });
    const from = app.requests.length;
    expect(errorOf(await client.callOffer(offer, { query: { symbol: "ACME" } }))).toMatchObject({
      kind: "cap_exceeded",
      terms: { atomic: "1000", payTo: PROVIDER_PAY_TO },
    });
    expect(errorOf(await client.callOffer(offer, { query: { symbol: "ACME" } }, { dryRun: true }))).toMatchObject({
      kind: "payment_required",
      terms: { amountUsd: "0.001" },
    });
    expect(signedSince(from)).toHaveLength(0);
    expect(await wallet.balance()).toBe(1_000_000n);
    expect(errorOf(await client.callOffer("no-such-offer-zz"))).toMatchObject({ kind: "not_found", status: 404 });
  });
});

describe("writeReview", () => {
  it("201 with the review, which getReviews then lists; 401 without a token; 400 with the issues", async () => {
    const { token } = await newToken("reviewing agent");
    const slug = await aSlug();
    const client = createMarketplaceClient({ baseUrl: app.url, token });
    const review = valueOf(
      await client.writeReview({
        slug,
        rating: 4,
        title: "Typed client review",
        body: "Searched, bought and called through the typed client.",
        tags: ["client"],
      }),
    );
    expect(review).toMatchObject({ slug, rating: 4, title: "Typed client review", actorType: "llm" });
    const listed = valueOf(await client.getReviews(slug, { limit: 100 }));
    expect(listed.reviews.map((r) => r.id)).toContain(review.id);

    expect(
      errorOf(
        await createMarketplaceClient({ baseUrl: app.url }).writeReview({ slug, rating: 4, title: "x", body: "y" }),
      ),
    ).toMatchObject({ kind: "unauthorized", status: 401 });
    const bad = errorOf(await client.writeReview({ slug, rating: 9, title: "", body: "Fine." }));
    expect(bad).toMatchObject({ kind: "invalid_request", status: 400 });
    expect(bad.issues!.map((i) => i.path[0])).toEqual(expect.arrayContaining(["rating", "title"]));
  });
});

describe("a revoked token", () => {
  it("forbidden (403) for writeReview and callOffer; nothing is written or paid", async () => {
    const { token, tokenId } = await newToken("revoked agent");
    await db.marketplaceToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() } });
    const slug = await aSlug();
    const wallet = await fundedWallet();
    const client = createMarketplaceClient({ baseUrl: app.url, wallet: wallet.key, token });
    const reviewsBefore = await db.review.count({ where: { service: { slug } } });
    expect(
      errorOf(
        await client.writeReview({ slug, rating: 3, title: "Should not land", body: "Written with a revoked token." }),
      ),
    ).toMatchObject({ kind: "forbidden", status: 403, code: "forbidden" });
    expect(await db.review.count({ where: { service: { slug } } })).toBe(reviewsBefore);

    const offer = await createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
    const before = await localBalance(PROVIDER_PAY_TO);
    expect(errorOf(await client.callOffer(offer, { query: { symbol: "ACME" } }))).toMatchObject({
      kind: "forbidden",
      status: 403,
      code: "forbidden",
    });
    expect(await localBalance(PROVIDER_PAY_TO)).toBe(before);
    expect(client.session.spentUsd).toBe("0.00");
  });
});

describe("transport and answers that break the schema", () => {
  it("a closed port: network, status null", async () => {
    const client = createMarketplaceClient({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    expect(errorOf(await client.searchServices({ q: "weather" }))).toMatchObject({
      kind: "network",
      status: null,
      code: "network",
    });
    expect(errorOf(await client.buyShortlist(shortlistInput()))).toMatchObject({ kind: "network", status: null });
  });

  it("a server answering other shapes: server_error naming the mismatch; a 500 is server_error; an endless answer is dropped", async () => {
    const odd = http.createServer((req, res) => {
      if (req.url?.startsWith("/api/catalog/search")) {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ query: 5, services: "none" }));
      }
      if (req.url?.startsWith("/api/reviews")) {
        // An endless answer: the client stops reading past its cap.
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(1024 * 1024, 32);
        const pump = () => {
          while (res.write(chunk));
          res.once("drain", pump);
        };
        res.on("close", () => res.removeAllListeners("drain"));
        return pump();
      }
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<h1>oops</h1>");
    });
    await new Promise<void>((r) => odd.listen(0, "127.0.0.1", r));
    try {
      const client = createMarketplaceClient({ baseUrl: `http://127.0.0.1:${(odd.address() as AddressInfo).port}` });
      const mismatch = errorOf(await client.searchServices({ q: "x" }));
      expect(mismatch).toMatchObject({ kind: "server_error", status: 200, code: "unexpected_response" });
      expect(mismatch.message).toMatch(/query/);
      expect(errorOf(await client.getService("any"))).toMatchObject({
        kind: "server_error",
        status: 500,
        code: "http_500",
      });
      expect(errorOf(await client.getReviews("any"))).toMatchObject({
        kind: "server_error",
        status: 200,
        code: "response_too_large",
      });
    } finally {
      odd.closeAllConnections();
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });

  it("bad caps are a programming error at construction", () => {
    expect(() => createMarketplaceClient({ baseUrl: app.url, caps: { maxUsdPerCall: "0.1.0" } })).toThrow(
      /maxUsdPerCall/,
    );
    expect(() => createMarketplaceClient({ baseUrl: "not a url" })).toThrow();
  });
});
