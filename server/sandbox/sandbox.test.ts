// The sandbox provider against the seeded catalog, paid by the official x402 client (@x402/fetch +
// @x402/evm) through the in-process local facilitator, directly and through the observer route.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { getServiceRecord } from "@/server/catalog/get-service";
import { routableProviderUrl } from "@/server/observe/offer-policy";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { X402_ASSET, X402_NETWORK } from "@/server/payments/payment-network";
import { newKey, newToken, observerFixtures } from "@/test/observe/observer";
import { createTestAgent } from "@/test/payments/agent";
import { startAppServer, type AppServer } from "@/test/http/app-server";
import { sandboxAnswer } from "./answers";
import { FLAKY_HANG_MS, NON_CONFORMANT_KINDS, profileOf, type SandboxProfile } from "./profiles";
import { noteSandboxListening, sandboxOrigin, sandboxProviderUrl } from "../sandbox-address";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "./sandbox-catalog";
import { PRICE_MISMATCH_FACTOR, startSandbox, type Sandbox } from "./start-sandbox";

const HANG_MS = 400;
let sandbox: Sandbox;
let app: AppServer;
let offers: SandboxOffer[];
const { observedRow } = observerFixtures(db);

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: HANG_MS });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = await loadSandboxOffers();
  app = await startAppServer();
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), app.close()]);
});

const label = (p: SandboxProfile) => (p.kind === "non-conformant" ? p.breaks : p.kind);
/** The first offer (by slug, method, path) of a service with this profile and capability, GET unless
 * asked, of a provider that delivers unless asked. */
function offerWith(
  kind: string,
  where: (o: SandboxOffer) => boolean = (o) => o.method === "GET",
  delivers = true,
): SandboxOffer {
  const found = offers.find((o) => label(profileOf(o.slug)) === kind && o.delivers === delivers && where(o));
  if (!found) throw new Error(`no sandbox offer with profile ${kind}`);
  return found;
}
const urlOf = (
  o: SandboxOffer,
  query = new URLSearchParams(Object.entries(o.exampleInput ?? {}).map(([k, v]) => [k, String(v)])),
) => `${sandbox.url}/${o.slug}${o.path}${o.method === "GET" && query.size ? `?${query}` : ""}`;
const init = (o: SandboxOffer, body: unknown = o.exampleInput ?? {}): RequestInit =>
  o.method === "POST"
    ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
    : {};
const payingFetch = (agent: Awaited<ReturnType<typeof createTestAgent>>) =>
  wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(agent.account)));

/** What an x402 v2 conformance check of a 402 finds wrong against the listing (empty: conformant). */
function conformanceFailures(res: Response, o: SandboxOffer): string[] {
  if (res.status !== 402) return [`status ${res.status}`];
  const header = res.headers.get("payment-required");
  if (!header) return ["no PAYMENT-REQUIRED header"];
  const required = decodePaymentRequiredHeader(header);
  const failures: string[] = [];
  if (required.x402Version !== 2) failures.push(`x402Version ${required.x402Version}`);
  const accept = required.accepts[0]!;
  if (!/^eip155:\d+$/.test(accept.network)) failures.push(`network ${accept.network} is not a CAIP-2 id`);
  else if (accept.network !== X402_NETWORK) failures.push(`network ${accept.network}`);
  if (accept.amount !== String(o.priceAtomic))
    failures.push(`amount ${accept.amount} is not the listed ${o.priceAtomic}`);
  if (accept.payTo.toLowerCase() !== o.payTo.toLowerCase()) failures.push("payTo differs");
  if (accept.asset !== X402_ASSET) failures.push("asset differs");
  return failures;
}

describe("the sandbox world", () => {
  it("serves every x402 offer of the seeded catalog at its recorded providerUrl, each service paying its own address", async () => {
    const x402Offers = await db.offer.count({ where: { protocol: "x402" } });
    expect(offers.length).toBe(x402Offers);
    expect(sandbox.offers).toBe(offers.length);
    const rows = await db.offer.findMany({
      where: { sandbox: true },
      select: { providerUrl: true, network: true, asset: true, protocol: true, service: { select: { slug: true } } },
    });
    expect(rows.length).toBe(await db.offer.count());
    for (const r of rows) {
      expect(r.providerUrl).toBe(sandboxProviderUrl(sandbox.url, r.service.slug));
      if (r.protocol === "x402") expect([r.network, r.asset]).toEqual([X402_NETWORK, X402_ASSET]);
    }
    const payees = new Map<string, string>();
    for (const o of offers) {
      expect(payees.get(o.payTo) ?? o.slug).toBe(o.slug);
      payees.set(o.payTo, o.slug);
    }
    // The local ledger knows every payee.
    expect(await db.localBalance.count({ where: { address: { in: [...payees.keys()] } } })).toBe(payees.size);
    expect(sandboxOrigin()).toBe(sandbox.url);
  });

  it("a healthy offer: 402 with exactly the listed price and payee, then 200 with a deterministic forecast after payment", async () => {
    const o = offerWith(
      "healthy",
      (x) => x.capability === "maps-weather" && x.method === "GET" && x.path.includes("forecast"),
    );
    const unpaid = await fetch(urlOf(o));
    expect(conformanceFailures(unpaid, o)).toEqual([]);
    const accept = decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!).accepts[0]!;
    expect(accept).toMatchObject({ scheme: "exact", amount: String(o.priceAtomic), payTo: o.payTo });

    const agent = await createTestAgent(1);
    const before = await localBalance(o.payTo);
    const pay = payingFetch(agent);
    const query = new URLSearchParams({ lat: "48.8566", lon: "2.3522", days: "3" });
    const paid = await pay(urlOf(o, query));
    expect(paid.status).toBe(200);
    expect(decodePaymentResponseHeader(paid.headers.get("payment-response")!)).toMatchObject({
      success: true,
      network: X402_NETWORK,
    });
    const body = (await paid.json()) as {
      ok: boolean;
      result: { kind: string; location: { lat: number }; forecast: { tempMinC: number; tempMaxC: number }[] };
    };
    expect(body.ok).toBe(true);
    expect(body.result).toMatchObject({
      sandbox: true,
      service: o.slug,
      kind: "forecast",
      location: { lat: 48.8566, lon: 2.3522 },
    });
    expect(body.result.forecast).toHaveLength(3);
    for (const d of body.result.forecast) expect(d.tempMaxC).toBeGreaterThan(d.tempMinC);
    expect(await localBalance(o.payTo)).toBe(before + BigInt(o.priceAtomic));
    expect(await agent.balance()).toBe(1_000_000n - BigInt(o.priceAtomic));

    // Built from the request: the same request answers the same, another one differently.
    const again = (await (await pay(urlOf(o, query))).json()) as typeof body;
    expect(again.result).toEqual(body.result);
    const elsewhere = (await (
      await pay(urlOf(o, new URLSearchParams({ lat: "-33.8688", lon: "151.2093", days: "3" })))
    ).json()) as typeof body;
    expect(elsewhere.result.forecast).not.toEqual(body.result.forecast);
  });

  it("a healthy search offer answers ranked results for its query", async () => {
    const o = offerWith("healthy", (x) => x.capability === "search");
    const agent = await createTestAgent(1);
    const input =
      o.method === "GET" ? undefined : { ...(o.exampleInput ?? {}), query: "solar panels", q: "solar panels" };
    const res = await payingFetch(agent)(
      o.method === "GET" ? urlOf(o, new URLSearchParams({ q: "solar panels", query: "solar panels" })) : urlOf(o),
      init(o, input),
    );
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as {
      result: { kind: string; query: string; results: { rank: number; score: number; title: string }[] };
    };
    expect(result.kind).toBe("search");
    expect(result.query).toBe("solar panels");
    expect(result.results.map((r) => r.rank)).toEqual(result.results.map((_, i) => i + 1));
    for (let i = 1; i < result.results.length; i++)
      expect(result.results[i]!.score).toBeLessThanOrEqual(result.results[i - 1]!.score);
    expect(result.results[0]!.title).toContain("solar panels");
  });

  it("a provider that does not deliver settles the payment, then answers 502 with no output (its PAYMENT-RESPONSE kept)", async () => {
    const o = offerWith("healthy", (x) => x.method === "GET", false);
    const agent = await createTestAgent(1);
    const before = await localBalance(o.payTo);
    const res = await payingFetch(agent)(urlOf(o), init(o));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: "upstream_failed" });
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!)).toMatchObject({ success: true });
    expect((await localBalance(o.payTo)) - before).toBe(BigInt(o.priceAtomic)); // charged without data
    // Unpaid, it answers the same conformant 402 as any provider.
    const unpaid = await fetch(urlOf(o), init(o));
    expect(unpaid.status).toBe(402);
    expect(conformanceFailures(unpaid, o)).toEqual([]);
  });

  it("through the observer route with a marketplace token: routed, 402, paid with @x402/fetch, 200, recorded as paid", async () => {
    const o = offerWith("healthy");
    const record = await getServiceRecord(o.slug);
    expect(record.service.sandbox).toBe(true);
    const listed = record.service.offers.find((x) => x.id === o.id)!;
    expect(listed.routedByMarketplace).toBe(true);
    expect(listed.providerUrl).toBe(`${sandbox.url}/${o.slug}`);

    const { token, tokenId } = await newToken("sandbox caller");
    const agent = await createTestAgent(1);
    const key = newKey();
    const callUrl = new URL(listed.callUrl);
    const query = new URLSearchParams(Object.entries(o.exampleInput ?? {}).map(([k, v]) => [k, String(v)]));
    const target = `${app.url}${callUrl.pathname}${o.method === "GET" && query.size ? `?${query}` : ""}`;
    const headers = {
      "x-marketplace-token": token,
      "idempotency-key": key,
      ...(o.method === "POST" ? { "content-type": "application/json" } : {}),
    };
    const body = o.method === "POST" ? JSON.stringify(o.exampleInput ?? {}) : undefined;

    const unpaid = await fetch(target, { method: o.method, headers, body });
    expect(unpaid.status).toBe(402);
    expect(decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!).accepts[0]).toMatchObject({
      amount: String(o.priceAtomic),
      payTo: o.payTo,
    });

    const paid = await payingFetch(agent)(target, { method: o.method, headers, body });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { result: { service: string } }).result.service).toBe(o.slug);
    expect(await observedRow(tokenId, o.id, key)).toMatchObject({
      state: "completed",
      status: 200,
      outcome: "provider",
      paid: true,
      payer: agent.address,
    });
  });

  it("each non-conformant kind breaks exactly its check; healthy and slow 402s pass them", async () => {
    for (const kind of NON_CONFORMANT_KINDS) {
      const o = offerWith(kind, () => true);
      const res = await fetch(urlOf(o), init(o));
      const failures = conformanceFailures(res, o);
      expect(failures, `${kind} (${o.slug})`).toHaveLength(1);
      const expected = {
        "v1-header": /^x402Version 1$/,
        "legacy-network": /^network base-sepolia is not a CAIP-2 id$/,
        "price-mismatch": new RegExp(
          `^amount ${o.priceAtomic * PRICE_MISMATCH_FACTOR} is not the listed ${o.priceAtomic}$`,
        ),
        "missing-header": /^no PAYMENT-REQUIRED header$/,
      }[kind];
      expect(failures[0], kind).toMatch(expected);
    }
    for (const kind of ["healthy", "slow"]) {
      const o = offerWith(kind, () => true);
      expect(conformanceFailures(await fetch(urlOf(o), init(o)), o), kind).toEqual([]);
    }
    // The x402 client cannot pay a 402 without a v2 PAYMENT-REQUIRED header.
    const agent = await createTestAgent(1);
    const missing = offerWith("missing-header", () => true);
    await expect(payingFetch(agent)(urlOf(missing), init(missing)).then((r) => r.status)).rejects.toThrow();
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("a slow provider's calls take at least 300 ms at the median, and under a second each", async () => {
    const o = offerWith("slow", () => true);
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await fetch(urlOf(o), init(o))).status).toBe(402);
      took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    expect(took[2]).toBeGreaterThanOrEqual(300);
    expect(took[4]).toBeLessThan(1000);
  });

  it("a flaky provider fails a share of calls with 503 or a dropped connection, each bounded", async () => {
    expect(FLAKY_HANG_MS).toBeLessThanOrEqual(10_000);
    const o = offerWith("flaky", () => true);
    const outcomes: (number | "dropped")[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      outcomes.push(
        await fetch(urlOf(o), init(o)).then(
          (r) => r.status,
          () => "dropped" as const,
        ),
      );
      expect(performance.now() - started).toBeLessThan(HANG_MS + 1000);
    }
    expect(outcomes.filter((s) => s === 503)).toHaveLength(2);
    expect(outcomes.filter((s) => s === "dropped")).toHaveLength(1);
    expect(outcomes.filter((s) => s === 402)).toHaveLength(7);
  });

  it("hostile input is a 4xx, never a crash", async () => {
    const post = offerWith("healthy", (x) => x.method === "POST");
    const get = offerWith("healthy");
    const url = urlOf(post);
    const signed = { "content-type": "application/json", "payment-signature": "bm90LWEtcGF5bWVudA==" };
    const statuses = [
      (await fetch(url, { method: "POST", headers: signed, body: "x".repeat(200 * 1024) })).status,
      (await fetch(url, { method: "POST", headers: signed, body: "{not json" })).status,
      (await fetch(url, { method: "POST", headers: { ...signed, "content-type": "text/plain" }, body: "{}" })).status,
      (await fetch(url, { method: "POST", headers: signed, body: "[".repeat(5000) + "]".repeat(5000) })).status,
      (await fetch(url, { method: "DELETE" })).status,
      (await fetch(urlOf(get), { method: "PUT", body: "{}" })).status,
      (await fetch(`${sandbox.url}/${get.slug}/../../etc/passwd`)).status,
      (await fetch(`${sandbox.url}/no-such-service/v1/x`)).status,
      (await fetch(urlOf(get), { headers: { "idempotency-key": "bad key with spaces" } })).status,
    ];
    expect(statuses).toEqual([413, 400, 415, 400, 405, 405, 404, 404, 400]);
    // A well-formed body with a signature that is no payment: refused, nothing charged.
    const bad = await fetch(url, { method: "POST", headers: signed, body: JSON.stringify(post.exampleInput ?? {}) });
    expect([400, 402]).toContain(bad.status);
    // Still serving.
    expect((await fetch(urlOf(get))).status).toBe(402);
  });
});

describe("the observer's allowance for the sandbox", () => {
  it("is the sandbox's own origin only, for sandbox offers only, while it is on", () => {
    const origin = "http://127.0.0.1:4020";
    const on = { testMode: false, localPayments: true, sandboxOrigin: origin };
    const offer = { providerUrl: `${origin}/acme`, path: "/v1/x", testMode: false, sandbox: true };
    expect(routableProviderUrl(offer, on)).toMatchObject({ ok: true, loopback: true });
    expect(routableProviderUrl(offer, { ...on, sandboxOrigin: null }).ok).toBe(false);
    expect(routableProviderUrl({ ...offer, sandbox: false }, on).ok).toBe(false);
    for (const other of [
      "http://127.0.0.1:4021/acme",
      "http://localhost:4020/acme",
      "http://127.0.0.2:4020/acme",
      "https://127.0.0.1:4020/acme",
      "http://[::1]:4020/acme",
    ]) {
      expect(routableProviderUrl({ ...offer, providerUrl: other }, on).ok, other).toBe(false);
    }
    // An https provider of a sandbox offer is judged like any other (no loopback for it).
    expect(routableProviderUrl({ ...offer, providerUrl: "https://api.example.com" }, on)).toMatchObject({
      ok: true,
      loopback: false,
    });
  });
});

describe("profiles", () => {
  it("are fixed per slug and spread about 75 / 10 / 8 / 7 % over the seeded services, every non-conformant kind present", async () => {
    const slugs = (await db.service.findMany({ select: { slug: true } })).map((s) => s.slug);
    const counts = new Map<string, number>();
    for (const slug of slugs) {
      expect(profileOf(slug)).toEqual(profileOf(slug));
      const p = profileOf(slug);
      const k = p.kind;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      if (p.kind === "non-conformant") counts.set(p.breaks, (counts.get(p.breaks) ?? 0) + 1);
    }
    const share = (k: string) => (counts.get(k) ?? 0) / slugs.length;
    expect(share("healthy")).toBeGreaterThan(0.65);
    expect(share("healthy")).toBeLessThan(0.85);
    expect(share("slow")).toBeGreaterThan(0.05);
    expect(share("flaky")).toBeGreaterThan(0.04);
    expect(share("non-conformant")).toBeGreaterThan(0.03);
    for (const kind of NON_CONFORMANT_KINDS) expect(counts.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });
});

describe("answers", () => {
  it("fit each capability, are deterministic for a request and change with it", () => {
    const kinds: Record<string, string[]> = {
      "maps-weather": ["forecast", "geo"],
      search: ["search"],
      "web-data": ["extraction"],
      media: ["media"],
      social: ["social"],
      storage: ["storage"],
      "ai-models": ["completion", "embedding"],
    };
    for (const capability of Object.keys(kinds)) {
      const o = offers.find((x) => x.capability === capability)!;
      const endpoint = {
        slug: o.slug,
        serviceName: o.serviceName,
        capability: o.capability,
        method: o.method,
        path: o.path,
      };
      const input = { ...(o.exampleInput ?? {}) };
      const answer = sandboxAnswer(endpoint, input);
      expect(kinds[capability], `${capability} ${o.slug} ${o.path}`).toContain(answer.kind);
      expect(answer).toMatchObject({ sandbox: true, service: o.slug, endpoint: `${o.method} ${o.path}`, input });
      expect(sandboxAnswer(endpoint, JSON.parse(JSON.stringify(input)) as Record<string, unknown>)).toEqual(answer);
      expect(sandboxAnswer(endpoint, { ...input, q: "something else entirely", lat: "12.5" })).not.toEqual(answer);
    }
  });
});
