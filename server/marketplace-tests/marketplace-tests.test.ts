// Marketplace tests (issue 27 item 4) against the sandbox world and hostile loopback providers: real
// paid calls through the observer's code, signed by the official x402 client with the test wallet,
// settled on the local ledger; the daily budget (also two tests at once at its edge); the address
// policy at test time; testStatus / testedAt / reviewUrl / rating / lastReview per the specification.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { getServiceRecord } from "@/server/catalog/get-service";
import { listServices } from "@/server/catalog/list-services";
import { useObserverOutbound } from "@/server/observe/observe-call";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { X402_ASSET, X402_NETWORK } from "@/server/payments/payment-network";
import { EVALUATOR_ORG } from "@/server/reviews/evaluation-review";
import { callerFor, createPerson } from "@/server/trpc/test-callers";
import { privateAddressUrls } from "@/test/observe/private-addresses";
import { startCanary, type Canary } from "@/test/observe/providers";
import { startHostile, type Hostile } from "@/test/probes/hostile-provider";
import { noteSandboxListening } from "../sandbox-address";
import { profileOf } from "../sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "../sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "../sandbox/start-sandbox";
import { dailyBudgetAtomic } from "./test-records";
import { testService } from "./test-service";
import { testWallet } from "./test-wallet";
import { TESTER_TOKEN_ID } from "../accounts/marketplace-tester-token";

let sandbox: Sandbox;
let offers: SandboxOffer[];
let canary: Canary;
const hostiles: Hostile[] = [];
let wallet: Awaited<ReturnType<typeof testWallet>>;
const budgetAtStart = env.TEST_BUDGET_USD_PER_DAY;

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 400 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = await loadSandboxOffers();
  canary = await startCanary();
  wallet = await testWallet();
  // Funded up front, so no faucet top-up happens inside a measured test.
  await creditTestFunds({ address: wallet.address, amountUsd: 100 });
  env.TEST_BUDGET_USD_PER_DAY = 1000;
});
afterAll(async () => {
  env.TEST_BUDGET_USD_PER_DAY = budgetAtStart;
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), canary.close(), ...hostiles.map((h) => h.close())]);
});
afterEach(() => useObserverOutbound(undefined));

/** A seeded sandbox service of this profile (untested unless `anyStatus`). */
async function sandboxService(
  profile: string,
  anyStatus = false,
): Promise<{ id: string; slug: string; offers: SandboxOffer[] }> {
  const untested = new Set(
    (await db.service.findMany({ where: anyStatus ? {} : { testStatus: "untested" }, select: { slug: true } })).map(
      (s) => s.slug,
    ),
  );
  const bySlug = new Map<string, SandboxOffer[]>();
  for (const o of offers) bySlug.set(o.slug, [...(bySlug.get(o.slug) ?? []), o]);
  const label = (slug: string) => {
    const p = profileOf(slug);
    return p.kind === "non-conformant" ? p.breaks : p.kind;
  };
  const slugs = [...bySlug.keys()].filter((s) => untested.has(s) && label(s) === profile).sort();
  const slug = slugs[0];
  if (!slug) throw new Error(`no sandbox service with profile ${profile}`);
  const { id } = await db.service.findUniqueOrThrow({ where: { slug }, select: { id: true } });
  return { id, slug, offers: bySlug.get(slug)! };
}

/** A service of its own with one x402 offer at `providerUrl` (loopback allowed: test mode, local payments). */
async function ownService(
  providerUrl: string,
  options: { priceAtomic?: number; testMode?: boolean; outputSchema?: object; inputSchema?: object } = {},
) {
  const tag = randomBytes(5).toString("hex");
  const id = `mt-${tag}`;
  await db.service.create({
    data: {
      id,
      sourceId: id,
      slug: id,
      name: `Test provider ${tag}`,
      website: "https://example.com",
      serviceUrl: "https://example.com",
      hostname: "example.com",
      description: "A provider of the marketplace-test tests.",
      docsUrl: "https://example.com/docs",
      capabilities: ["web-data"],
      primaryCapability: "web-data",
      tags: [],
      entitySlug: id,
      entityName: `Test provider ${tag}`,
      entityWebsite: "https://example.com",
      catalogSource: "https://example.com/catalog",
      catalogObservedAt: new Date(),
      offers: {
        create: {
          id: `${id}-offer`,
          method: "GET",
          path: "/answer",
          providerUrl,
          description: "A test offer.",
          priceAtomic: options.priceAtomic ?? 1500,
          docsUrl: "https://example.com/docs",
          network: X402_NETWORK,
          asset: X402_ASSET,
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          testMode: options.testMode ?? true,
          ...(options.outputSchema || options.inputSchema
            ? { schemas: { create: { outputSchema: options.outputSchema, inputSchema: options.inputSchema } } }
            : {}),
        },
      },
    },
  });
  return { id, slug: id, offerId: `${id}-offer` };
}

const PAY_TO = "0x" + "cd".repeat(20);

/** A provider that states `price` in a conformant 402 and answers a paid call with `answer` (it settles nothing). */
async function hostileProvider(price: number, answer: { status: number; body: string }) {
  const seen: { url: string; paid: boolean }[] = [];
  const hostile = await startHostile((req: http.IncomingMessage, res: http.ServerResponse) => {
    const signature = req.headers["payment-signature"];
    seen.push({ url: req.url ?? "", paid: typeof signature === "string" });
    if (typeof signature !== "string") {
      const required = {
        x402Version: 2,
        error: "payment_required",
        resource: { url: `http://${req.headers.host}${req.url}`, description: "test", mimeType: "application/json" },
        accepts: [
          {
            scheme: "exact",
            network: X402_NETWORK,
            amount: String(price),
            asset: X402_ASSET,
            payTo: PAY_TO,
            maxTimeoutSeconds: 60,
            extra: { name: "USDC", version: "2" },
          },
        ],
      };
      res.writeHead(402, {
        "payment-required": encodePaymentRequiredHeader(required as never),
        "content-type": "application/json",
      });
      res.end("{}");
      return;
    }
    // What the wallet authorised, for the test to read.
    const payload = decodePaymentSignatureHeader(signature) as { accepted: { amount: string } };
    seen[seen.length - 1]!.url += `#amount=${payload.accepted.amount}`;
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(answer.body);
  });
  hostiles.push(hostile);
  return { url: hostile.url, seen };
}

/** Today's spend as the budget counts it (the seed's own tests, trigger seed, are outside it). */
const spentToday = async () =>
  Number(
    (
      await db.$queryRaw<{ s: bigint }[]>`SELECT COALESCE(SUM(spent_atomic), 0)::bigint AS s FROM service_tests
        WHERE tested_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND trigger <> 'seed'`
    )[0]!.s,
  );

describe("a marketplace test of a sandbox service", () => {
  it("is null everywhere while untested, then pays exactly each offer's price and sets testStatus, testedAt and the test review", async () => {
    const service = await sandboxService("healthy");
    const before = (await getServiceRecord(service.slug)).service;
    expect(before).toMatchObject({
      testStatus: "untested",
      testedAt: null,
      reviewUrl: null,
      rating: null,
      lastReview: null,
    });

    const price = service.offers.reduce((sum, o) => sum + o.priceAtomic, 0);
    const payees = new Map(
      await Promise.all(service.offers.map(async (o) => [o.payTo, await localBalance(o.payTo)] as const)),
    );
    const walletBefore = await localBalance(wallet.address);
    const report = await testService(service.id, "operator");

    expect(report.tests.map((t) => t.outcome)).toEqual(service.offers.map(() => "output"));
    expect(walletBefore - (await localBalance(wallet.address))).toBe(BigInt(price));
    for (const [payTo, balance] of payees) {
      const paidTo = service.offers.filter((o) => o.payTo === payTo).reduce((s, o) => s + o.priceAtomic, 0);
      expect((await localBalance(payTo)) - balance).toBe(BigInt(paidTo));
    }
    const rows = await db.serviceTest.findMany({ where: { serviceId: service.id }, orderBy: { testedAt: "asc" } });
    expect(rows.map((r) => [r.offerId, r.outcome, Number(r.spentAtomic), r.trigger])).toEqual(
      report.tests.map((t) => [
        t.offerId,
        "output",
        service.offers.find((o) => o.id === t.offerId)!.priceAtomic,
        "operator",
      ]),
    );
    for (const r of rows) {
      expect(r.status).toBe(200);
      expect(r.latencyMs).toBeGreaterThanOrEqual(0);
      expect(r.excerpt!.length).toBeGreaterThan(0);
      expect(r.excerpt!.length).toBeLessThanOrEqual(280);
    }
    // The paid calls are observed calls of the tester's token, with the wallet as payer.
    const calls = await db.observedCall.findMany({
      where: { tokenId: TESTER_TOKEN_ID, serviceId: service.id, paid: true },
    });
    expect(calls.map((c) => c.payer)).toEqual(service.offers.map(() => wallet.address));

    const record = (await getServiceRecord(service.slug)).service;
    const review = await db.review.findUniqueOrThrow({ where: { id: report.reviewId! } });
    expect(review).toMatchObject({
      actorType: "llm",
      org: EVALUATOR_ORG,
      humanReviewStatus: "not_required",
      tokenId: TESTER_TOKEN_ID,
      rating: expect.any(Number),
    });
    // Not a verified call: the marketplace's own test is reported as the test, not as a purchase.
    expect(review.verifiedCallAt).toBeNull();
    expect(review.body).toContain(rows[0]!.excerpt!);
    expect(review.body).toContain(`in ${rows[0]!.latencyMs} ms`);
    expect(record.testStatus).toBe("tested-output");
    expect(record.testedAt).toBe(rows.at(-1)!.finishedAt!.toISOString());
    expect(record.reviewUrl).toBe(`${env.BASE_URL}/reviews/${review.id}`);
    expect(record.lastReview).toMatchObject({ id: review.id, rating: review.rating, title: review.title });
    expect(record.rating).toBe(record.reviewRating);
    expect(record.rating).not.toBeNull();
    // The catalog list shows the new status, and its `tested` filter finds it.
    const listed = await listServices({ q: record.name, tested: "output", limit: 50 });
    expect(listed.services.find((s) => s.slug === service.slug)).toMatchObject({ testStatus: "tested-output" });

    // A re-test revises the same review (one per service), and is recorded again.
    const again = await testService(service.id, "operator");
    expect(again.reviewId).toBe(review.id);
    expect(await db.reviewRevision.count({ where: { reviewId: review.id } })).toBe(2);
    expect(await db.serviceTest.count({ where: { serviceId: service.id } })).toBe(rows.length * 2);
  });

  it("a provider asking another price than the catalogue's is not paid: no-output, nothing spent", async () => {
    const service = await sandboxService("price-mismatch", true);
    const walletBefore = await localBalance(wallet.address);
    const report = await testService(service.id, "operator");
    expect(report.tests.every((t) => t.outcome === "no-output" && t.spentAtomic === 0 && t.status === 402)).toBe(true);
    expect(report.tests[0]!.detail).toMatch(/other terms than the catalogue's/);
    expect(await localBalance(wallet.address)).toBe(walletBefore);
    const record = (await getServiceRecord(service.slug)).service;
    expect(record.testStatus).toBe("tested-no-output");
    expect(record.rating).toBe(record.reviewRating);
    expect((await db.review.findUniqueOrThrow({ where: { id: report.reviewId! } })).rating).toBe(1);
    expect(record.testedAt).not.toBeNull();
    const listed = await listServices({ q: record.name, tested: "no-output", limit: 50 });
    expect(listed.services.some((s) => s.slug === service.slug)).toBe(true);
  });
});

describe("outcomes against hostile providers", () => {
  it("a 2xx answer that matches the declared output schema is output; one that does not, or a 5xx, is no-output", async () => {
    const schema = { type: "object", required: ["answer"], properties: { answer: { type: "string" } } };
    const good = await hostileProvider(1500, { status: 200, body: JSON.stringify({ answer: "42" }) });
    const wrong = await hostileProvider(1500, { status: 200, body: JSON.stringify({ answer: 42 }) });
    const failing = await hostileProvider(1500, { status: 500, body: JSON.stringify({ answer: "oops" }) });
    const a = await ownService(good.url, { outputSchema: schema });
    const b = await ownService(wrong.url, { outputSchema: schema });
    const c = await ownService(failing.url);
    const [ra, rb, rc] = [
      await testService(a.id, "operator"),
      await testService(b.id, "operator"),
      await testService(c.id, "operator"),
    ];
    expect(ra.tests[0]).toMatchObject({
      outcome: "output",
      status: 200,
      spentAtomic: 1500,
      excerpt: '{"answer":"42"}',
    });
    expect(rb.tests[0]).toMatchObject({ outcome: "no-output", status: 200, spentAtomic: 1500 });
    expect(rb.tests[0]!.detail).toMatch(
      /does not match the declared output schema \(\$\.answer: expected "string", got integer\)/,
    );
    expect(rc.tests[0]).toMatchObject({ outcome: "no-output", status: 500 });
    expect([ra.testStatus, rb.testStatus, rc.testStatus]).toEqual([
      "tested-output",
      "tested-no-output",
      "tested-no-output",
    ]);
    // The wallet authorised exactly the offer's price, once per test (unpaid call, then the paid retry).
    for (const p of [good, wrong, failing]) {
      expect(p.seen.map((s) => s.paid)).toEqual([false, true]);
      expect(p.seen[1]!.url).toMatch(/#amount=1500$/);
    }
  });

  it("without an exampleInput, the input is built from the declared input schema", async () => {
    const echo = await hostileProvider(1000, { status: 200, body: "{}" });
    const s = await ownService(echo.url, {
      inputSchema: {
        type: "object",
        required: ["q", "n"],
        properties: { q: { type: "string" }, n: { type: "integer", minimum: 3 } },
      },
    });
    await testService(s.id, "operator");
    expect(echo.seen[0]!.url).toBe("/answer?q=test&n=3");
  });
});

describe("the test wallet", () => {
  it("covers every test running at once, not only its own: a balance that pays one of two running tests is topped up", async () => {
    // Two tests running now (reserved when they started, as startTest does, possibly on two instances),
    // and a balance that pays either of them, not both.
    const [a, b] = (await sandboxService("healthy")).offers;
    const service = await db.service.findUniqueOrThrow({ where: { slug: a!.slug }, select: { id: true } });
    const running = await Promise.all(
      [a!, b ?? a!].map((o) =>
        db.serviceTest.create({
          data: { serviceId: service.id, offerId: o.id, trigger: "operator", outcome: "running", spentAtomic: 300_000 },
          select: { id: true },
        }),
      ),
    );
    try {
      await db.localBalance.update({ where: { address: wallet.address }, data: { balanceAtomic: 300_000 } });
      await wallet.cover(300_000);
      // Both payments clear: the balance covers every running reservation (and any other test's in this file).
      const reserved = await db.serviceTest.aggregate({ where: { outcome: "running" }, _sum: { spentAtomic: true } });
      expect(await localBalance(wallet.address)).toBeGreaterThanOrEqual(reserved._sum.spentAtomic!);
      expect(reserved._sum.spentAtomic!).toBeGreaterThanOrEqual(600_000n);
    } finally {
      await db.serviceTest.deleteMany({ where: { id: { in: running.map((r) => r.id) } } });
    }
  });
});

describe("the daily budget", () => {
  it("stops a test that would exceed today's spend (recorded skipped-budget, no call), and two at once at the edge spend at most the budget", async () => {
    const providers = await Promise.all([0, 1, 2].map(() => hostileProvider(2000, { status: 200, body: "{}" })));
    const services = await Promise.all(providers.map((p) => ownService(p.url, { priceAtomic: 2000 })));
    // Room for exactly one more test of 2000 atomic units today.
    const spent = await spentToday();
    env.TEST_BUDGET_USD_PER_DAY = (spent + 3000) / 1e6;
    try {
      expect(dailyBudgetAtomic()).toBe(spent + 3000);
      const both = await Promise.all([
        testService(services[0]!.id, "operator"),
        testService(services[1]!.id, "operator"),
      ]);
      const outcomes = both.map((r) => r.tests[0]!.outcome).sort();
      expect(outcomes).toEqual(["output", "skipped-budget"]);
      expect(await spentToday()).toBe(spent + 2000);
      const skipped = both.find((r) => r.tests[0]!.outcome === "skipped-budget")!;
      expect(skipped.testStatus).toBe("untested"); // a skipped test sets no status
      expect((await getServiceRecord(skipped.slug)).service.testedAt).toBeNull();
      const third = await testService(services[2]!.id, "operator");
      expect(third.tests[0]).toMatchObject({ outcome: "skipped-budget", spentAtomic: 0 });
      expect(providers[2]!.seen).toEqual([]); // not called at all
      const row = await db.serviceTest.findUniqueOrThrow({ where: { id: third.tests[0]!.id } });
      expect(row).toMatchObject({ outcome: "skipped-budget", trigger: "operator" });
      expect(Number(row.spentAtomic)).toBe(0);
      expect(row.detail).toMatch(/budget/);
    } finally {
      env.TEST_BUDGET_USD_PER_DAY = 1000;
    }
  });

  it("does not count the seed's own tests (they pay the local ledger only): a seeded database starts the day with its whole budget", async () => {
    // This file's database is a seeded copy: its seed tests ran today and spent real local-ledger units.
    const seedSpent = Number(
      (
        await db.$queryRaw<{ s: bigint }[]>`SELECT COALESCE(SUM(spent_atomic), 0)::bigint AS s FROM service_tests
          WHERE trigger = 'seed'`
      )[0]!.s,
    );
    expect(seedSpent).toBeGreaterThan(0);
    const provider = await hostileProvider(2000, { status: 200, body: "{}" });
    const service = await ownService(provider.url, { priceAtomic: 2000 });
    env.TEST_BUDGET_USD_PER_DAY = ((await spentToday()) + 2000) / 1e6;
    try {
      expect(seedSpent).toBeGreaterThan(2000); // the seed alone would exceed this budget
      expect((await testService(service.id, "operator")).tests[0]).toMatchObject({
        outcome: "output",
        spentAtomic: 2000,
      });
    } finally {
      env.TEST_BUDGET_USD_PER_DAY = 1000;
    }
  });
});

describe("the address policy at test time", () => {
  it("refuses every private, loopback and metadata spelling the observer refuses: nothing reserved, sent or paid", async () => {
    const port = canary.port;
    const urls = privateAddressUrls(port);
    const spent = await spentToday();
    for (const url of urls) {
      const s = await ownService(url, { testMode: false });
      const report = await testService(s.id, "operator");
      expect(report.tests[0], url).toMatchObject({ outcome: "refused", spentAtomic: 0 });
      expect(report.testStatus, url).toBe("untested");
    }
    expect(canary.connections()).toBe(0);
    expect(await spentToday()).toBe(spent);
  });

  it("a public-looking name resolving to a private address is refused at connect time (no-output, nothing paid)", async () => {
    useObserverOutbound(
      createSafeOutbound({
        connectTimeoutMs: 2000,
        resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      }),
    );
    const s = await ownService(`https://rebound.provider.example:${canary.port}`, { testMode: false });
    const report = await testService(s.id, "operator");
    expect(report.tests[0]).toMatchObject({ outcome: "no-output", status: 502, spentAtomic: 0 });
    expect(canary.connections()).toBe(0);
  });
});

describe("an offer whose routing a payment-terms change stopped", () => {
  it("is not tested (refused, nothing sent or spent) and sets no status", async () => {
    const provider = await hostileProvider(1000, { status: 200, body: "{}" });
    const s = await ownService(provider.url, { priceAtomic: 1000 });
    const terms = { payTo: PAY_TO, network: X402_NETWORK, asset: X402_ASSET, amountAtomic: "1000" };
    await db.offerTermsChange.create({
      data: {
        offerId: s.offerId,
        fields: ["payTo"],
        blocking: true,
        catalogued: terms,
        observed: { ...terms, payTo: "0x" + "ee".repeat(20) },
      },
    });
    const report = await testService(s.id, "operator");
    expect(report.tests[0]).toMatchObject({ outcome: "refused", spentAtomic: 0 });
    expect(report.testStatus).toBe("untested");
    expect(provider.seen).toEqual([]);
  });
});

describe("triggers", () => {
  it("an operator runs a test now through tRPC; members may not", async () => {
    const provider = await hostileProvider(1000, { status: 200, body: '{"ok":true}' });
    const s = await ownService(provider.url, { priceAtomic: 1000 });
    const member = await callerFor(await createPerson("member"));
    await expect(member.moderation.runServiceTest({ slug: s.slug })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const operator = await callerFor(await createPerson("operator"));
    const report = await operator.moderation.runServiceTest({ slug: s.slug });
    expect(report).toMatchObject({ slug: s.slug, testStatus: "tested-output", tests: [{ outcome: "output" }] });
    await expect(operator.moderation.runServiceTest({ slug: "no-such-service" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Hostile slugs are refused as input (400), never reach the database.
    for (const slug of ["a\u0000b", "\ud800", "x".repeat(10_000), "../etc"])
      await expect(operator.moderation.runServiceTest({ slug })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
