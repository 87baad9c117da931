// Listings drafted from real probes (HTTP, the observer's SSRF-safe client and address policy): the
// seeded sandbox world, a small provider with and without the bazaar extension, every SSRF spelling
// refused without the marketplace reaching the address, bounded hostile answers, the limit per
// account, and submits that keep every version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { X402_ASSET, X402_NETWORK } from "@/server/payments/payment-network";
import type { ObserverMode } from "@/server/observe/offer-policy";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { createPerson } from "@/server/reviews/test-actors";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { PAY_TO, PRICE_ATOMIC } from "@/test/probes/hostile-provider";
import { startCanary, startTestProvider, type Canary, type TestProvider } from "@/test/listings/test-provider";
import { listingDraftSchema } from "./listing-schema";
import { createListing, editListing, getListing, submitListing, type ProbeDeps } from "./listings";

let sandbox: Sandbox;
let offers: SandboxOffer[];
let provider: TestProvider;
let canary: Canary;
const outbound = createSafeOutbound({ connectTimeoutMs: 1000 });
const LIMITS = { timeoutMs: 1500, maxBytes: 256 * 1024 };
// Local payments, the test provider's port only (the observer's rule for a local demo provider),
// the sandbox at its own origin.
let local: ProbeDeps;
// A deployment with a real facilitator: https and public addresses only.
let production: ProbeDeps;

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = await loadSandboxOffers();
  canary = await startCanary();
  provider = await startTestProvider(() => `${canary.url}/from-redirect`);
  const localMode: ObserverMode = {
    testMode: false,
    localPayments: true,
    testPort: (p) => p === provider.port,
    sandboxOrigin: sandbox.url,
  };
  local = { outbound, limits: LIMITS, mode: localMode };
  production = { outbound, limits: LIMITS, mode: { testMode: false, localPayments: false, sandboxOrigin: null } };
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), provider.close(), canary.close(), outbound.close()]);
});

const draftOf = async (urls: string[], deps = local) =>
  createListing(await createPerson(), { resourceUrls: urls }, deps);

describe("a draft from the probes", () => {
  it("a sandbox provider's offer: terms from its 402, conformant, no bazaar extension", async () => {
    const offer = offers.find((o) => o.method === "GET" && profileOf(o.slug).kind === "healthy")!;
    const url = `${sandbox.url}/${offer.slug}${offer.path}`;
    const listing = await draftOf([url]);
    expect(listing.status).toBe("draft");
    expect(listing.revision).toBe(0);
    expect(listing.probes).toEqual([
      expect.objectContaining({ url, outcome: "offer", verdict: "conformant", status: 402, bazaar: false }),
    ]);
    expect(listing.draft.offers).toHaveLength(1);
    expect(listing.draft.offers[0]).toMatchObject({
      resourceUrl: url,
      method: "GET",
      providerUrl: sandbox.url,
      path: `/${offer.slug}${offer.path}`,
      scheme: "exact",
      network: X402_NETWORK,
      asset: X402_ASSET,
      inputSchema: null,
      outputSchema: null,
    });
    expect(listing.draft.offers[0]!.payTo.toLowerCase()).toBe(offer.payTo.toLowerCase());
    expect(listing.draft.offers[0]!.priceAtomic).toBe(String(offer.priceAtomic));
    // What is stored reads back through the schema the API answers with.
    expect(listingDraftSchema.parse((await db.listing.findUniqueOrThrow({ where: { id: listing.id } })).draft)).toEqual(
      listing.draft,
    );
  });

  it("with the bazaar extension: its description, input and output schemas, and a capability guess", async () => {
    const listing = await draftOf([`${provider.url}/forecast`]);
    expect(listing.probes[0]).toMatchObject({ outcome: "offer", verdict: "conformant", bazaar: true });
    const [offer] = listing.draft.offers;
    expect(offer).toMatchObject({
      method: "GET",
      payTo: PAY_TO,
      priceAtomic: String(PRICE_ATOMIC),
      priceUsd: "0.0015",
    });
    expect(offer!.inputSchema).toMatchObject({
      properties: { queryParams: { properties: { city: { type: "string" } }, required: ["city"] } },
    });
    expect(offer!.outputSchema).toMatchObject({
      properties: { example: { properties: { tempC: { type: "number" } } } },
    });
    expect(listing.draft.description).toBe("Weather forecast for a city");
    expect(listing.draft).toMatchObject({ primaryCapability: "maps-weather", capabilityGuessed: true });
  });

  it("without it: the terms alone, no schemas", async () => {
    const listing = await draftOf([`${provider.url}/plain`]);
    expect(listing.probes[0]).toMatchObject({ outcome: "offer", bazaar: false });
    expect(listing.draft.offers[0]).toMatchObject({ payTo: PAY_TO, inputSchema: null, outputSchema: null });
  });

  it("a URL that is not a 402, has no readable terms, or states unstorable text: per-URL findings, no error", async () => {
    const urls = ["/free", "/no-header", "/unstorable", "/plain"].map((p) => `${provider.url}${p}`);
    const listing = await draftOf(urls);
    expect(listing.probes.map((p) => p.outcome)).toEqual(["not_402", "unreadable_402", "offer", "offer"]);
    expect(listing.probes[0]).toMatchObject({ status: 200, failedChecks: ["answers_402"] });
    expect(listing.draft.offers).toHaveLength(2);
    // U+0000 and the lone surrogate became U+FFFD; the extension with U+0000 was not kept.
    expect(listing.draft.description).toBe("nul \ufffd and \ufffd lone");
    expect(listing.probes[2]!.bazaar).toBe(false);
  });

  it("a provider that hangs, answers 10 MB or 100 KiB of headers: bounded, a per-URL finding", async () => {
    const started = performance.now();
    const paths = ["/hang", "/huge", "/big-header", "/plain"];
    const listing = await draftOf(paths.map((p) => `${provider.url}${p}`));
    expect(performance.now() - started).toBeLessThan(LIMITS.timeoutMs + 2000);
    expect(listing.probes.map((p) => p.outcome)).toEqual(["unreachable", "unreachable", "unreachable", "offer"]);
    expect(listing.draft.offers.map((o) => o.path)).toEqual(["/plain"]);
    expect(listing.probes[0]!.detail).toContain(`no whole answer within ${LIMITS.timeoutMs} ms`);
    expect(listing.probes[1]!.detail).toContain(`exceeded ${LIMITS.maxBytes} bytes`);
  });
});

describe("SSRF: the marketplace never reaches a refused address", () => {
  it("local payments: loopback outside the provider's port, metadata, credentials, a redirect", async () => {
    const canaryPath = `127.0.0.1:${canary.port}/x`;
    const urls = [
      `http://${canaryPath}`,
      `http://0x7f.1:${canary.port}/x`,
      `http://2130706433:${canary.port}/x`,
      `http://localhost:${canary.port}/x`,
      `http://[::ffff:127.0.0.1]:${canary.port}/x`,
      `http://[::1]:${canary.port}/x`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/x",
      `http://user:secret@127.0.0.1:${provider.port}/plain`,
      `http://127.0.0.1:${provider.port}@127.0.0.1:${canary.port}/x`,
    ];
    const listing = await draftOf(urls);
    expect(listing.probes.map((p) => p.outcome)).toEqual(urls.map(() => "refused"));
    expect(listing.draft.offers).toEqual([]);
    const redirected = await draftOf([`${provider.url}/redirect`]);
    expect(redirected.probes[0]).toMatchObject({ outcome: "not_402", status: 302 });
    expect(redirected.probes[0]!.detail).toContain("redirects are not followed");
    expect(canary.hits()).toBe(0);
  });

  it("production: https and public addresses only, every spelling of loopback and private space", async () => {
    const urls = [
      `${provider.url}/plain`,
      `https://127.0.0.1:${provider.port}/plain`,
      "https://[::1]/x",
      "https://0x7f.1/x",
      "https://0177.0.0.1/x",
      "https://169.254.169.254/x",
      "https://[::ffff:169.254.169.254]/x",
      "https://[::127.0.0.1]/x",
      "https://10.0.0.1/x",
      "https://metadata.google.internal./x",
      "https://localhost/x",
      "https://u:p@api.example.com/x",
      `${sandbox.url}/any/path`,
    ];
    const listing = await draftOf(urls, production);
    expect(listing.probes.map((p) => p.outcome)).toEqual(urls.map(() => "refused"));
  });

  it("a public name that resolves to loopback is refused when the connection opens (DNS rebinding)", async () => {
    const rebinding = createSafeOutbound({
      connectTimeoutMs: 1000,
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    try {
      const listing = await draftOf([`https://provider.example.com:${canary.port}/x`], {
        ...production,
        outbound: rebinding,
      });
      expect(listing.probes[0]).toMatchObject({
        outcome: "unreachable",
        detail: "the provider's address is not a public one",
      });
    } finally {
      await rebinding.close();
    }
    expect(canary.hits()).toBe(0);
  });
});

describe("owner, limits and revisions", () => {
  it("at most maxListings per account, counted under a lock", async () => {
    const person = await createPerson();
    const create = () => createListing(person, { resourceUrls: [`${provider.url}/plain`] }, local, 2);
    const settled = await Promise.allSettled([create(), create(), create()]);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(2);
    const refused = settled.find((s) => s.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe("conflict");
    expect(await db.listing.count({ where: { personId: person.personId } })).toBe(2);
  });

  it("another account sees nothing (404); two concurrent submits keep one revision each", async () => {
    const owner = await createPerson();
    const listing = await createListing(owner, { resourceUrls: [`${provider.url}/forecast`] }, local);
    const stranger = await createPerson();
    await expect(getListing(stranger, listing.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(submitListing(stranger, listing.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(editListing(stranger, listing.id, { name: "Mine" })).rejects.toMatchObject({ code: "not_found" });

    const [a, b] = await Promise.all([submitListing(owner, listing.id), submitListing(owner, listing.id)]);
    expect([a.revision, b.revision].sort()).toEqual([1, 2]);
    const revisions = await db.listingRevision.findMany({
      where: { listingId: listing.id },
      orderBy: { revision: "asc" },
    });
    expect(revisions.map((r) => [r.revision, r.status])).toEqual([
      [1, "pending_review"],
      [2, "pending_review"],
    ]);
    const edited = await editListing(owner, listing.id, {
      primaryCapability: "search",
      website: "https://example.com",
    });
    expect(edited).toMatchObject({ status: "draft", revision: 2 });
    expect(edited.draft).toMatchObject({
      primaryCapability: "search",
      capabilityGuessed: false,
      website: "https://example.com",
    });
    const third = await submitListing(owner, listing.id);
    expect(third).toMatchObject({ status: "pending_review", revision: 3 });
    const kept = await db.listingRevision.findUniqueOrThrow({
      where: { listingId_revision: { listingId: listing.id, revision: 3 } },
    });
    expect(listingDraftSchema.parse(kept.draft).primaryCapability).toBe("search");
    // The first revision still holds the version submitted then.
    const first = await db.listingRevision.findUniqueOrThrow({
      where: { listingId_revision: { listingId: listing.id, revision: 1 } },
    });
    expect(listingDraftSchema.parse(first.draft).primaryCapability).toBe("maps-weather");
  });

  it("a listing without an offer cannot be submitted", async () => {
    const person = await createPerson();
    const listing = await createListing(person, { resourceUrls: [`${provider.url}/free`] }, local);
    await expect(submitListing(person, listing.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await db.listingRevision.count({ where: { listingId: listing.id } })).toBe(0);
  });
});
