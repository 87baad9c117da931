// Catalog import: both formats, upsert by id, all-or-nothing on any bad record or conflict, and the
// retrieval data (search documents, postings, embeddings) refreshed so imports are found at once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as searchRoute } from "@/app/api/catalog/search/route";
import { listDiscoveryResources } from "@/server/catalog/discovery/list-discovery-resources";
import { getServiceRecord } from "@/server/catalog/get-service";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { retrieveSemantic } from "@/server/search/retrieval/semantic";
import { importCatalog } from "./import-catalog";
import { IMPORT_LIMITS } from "./limits";
import { serviceIdForSlug } from "./stable-ids";

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.resolve("test/catalog", name), "utf8"));
const records = () => fixture("records.json") as { services: Record<string, unknown>[] };

async function counts() {
  const [services, offers, facts, evidence, embeddings, version] = await Promise.all([
    db.service.count(),
    db.offer.count(),
    db.serviceFact.count(),
    db.serviceEvidence.count(),
    db.serviceEmbedding.count(),
    db.catalogState.findUniqueOrThrow({ where: { id: 1 } }).then((s) => s.version),
  ]);
  return { services, offers, facts, evidence, embeddings, version };
}

/** The import fails with these issue paths and leaves every table as it was. */
async function expectRefused(document: unknown, paths: string[], options: Parameters<typeof importCatalog>[1] = {}) {
  const before = await counts();
  const err = await importCatalog(document, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const appError = err as AppError;
  expect(appError.code).toBe("invalid_request");
  expect(appError.issues?.map((i) => i.path)).toEqual(paths);
  expect(await counts()).toEqual(before);
  return appError;
}

async function searchSlugs(q: string): Promise<string[]> {
  const res = await searchRoute(
    new Request(`http://marketplace.test/api/catalog/search?q=${encodeURIComponent(q)}&limit=5`),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { services: { slug: string }[] }).services.map((s) => s.slug);
}

// Every test starts from the seeded catalog: the fixtures' services are removed (rows cascade).
beforeEach(async () => {
  await db.service.deleteMany({
    where: {
      OR: [
        { id: { startsWith: "svc_importtest" } },
        { slug: { in: ["api-numbat-maps-example-io", "echidna-llm-example-dev"] } },
      ],
    },
  });
});

describe("importCatalog: our service-record format", () => {
  it("creates the services with offers, payment requirements, evidence and protocol facts, and makes them findable", async () => {
    const before = await counts();
    // This process already holds the vector index and search caches: the import must make them reload.
    const query = "turn any web page into clean markdown text";
    expect((await retrieveSemantic(query, null, 5)).map((h) => h.id)).not.toContain("svc_importtest02");
    expect(await searchSlugs("zygomorphic storm alerts")).not.toContain("quokka-weather");
    const progress: [number, number][] = [];
    const summary = await importCatalog(records(), { onProgress: (done, total) => progress.push([done, total]) });
    expect(summary).toMatchObject({
      format: "records",
      services: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      offers: 3,
      embeddingsComputed: 2,
    });
    expect(progress.at(-1)).toEqual([2, 2]);
    const after = await counts();
    expect(after.services - before.services).toBe(2);
    expect(after.offers - before.offers).toBe(3);
    expect(after.embeddings - before.embeddings).toBe(2);
    expect(after.version).toBeGreaterThan(before.version);

    const quokka = await db.service.findUniqueOrThrow({
      where: { id: "svc_importtest01" },
      include: { offers: { orderBy: { position: "asc" } }, facts: true, evidence: true },
    });
    expect(quokka).toMatchObject({
      slug: "quokka-weather",
      hostname: "api.quokka-weather.example.com",
      catalogSource: "https://x402-index.example.org/snapshot.json",
      catalogObservedAt: new Date("2026-11-20T10:00:00.000Z"),
      calls30d: 1200,
      protocol: "x402",
      protocols: ["x402"],
      entitySlug: "quokka-labs",
    });
    expect(
      quokka.offers.map((o) => [
        o.id,
        o.method,
        o.path,
        o.priceAtomic,
        o.providerUrl,
        o.payTo,
        o.network,
        o.maxTimeoutSeconds,
        o.testMode,
      ]),
    ).toEqual([
      [
        "off_importtest01",
        "GET",
        "/v1/forecast",
        2000,
        "https://api.quokka-weather.example.com",
        "0x1111111111111111111111111111111111111111",
        "eip155:8453",
        60,
        false,
      ],
      [
        "off_importtest02",
        "POST",
        "/v1/alerts",
        10000,
        "https://api.quokka-weather.example.com",
        "0x1111111111111111111111111111111111111111",
        "eip155:8453",
        60,
        false,
      ],
    ]);
    expect(quokka.offers[1]!.exampleInput).toEqual({
      polygon: [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    });
    expect(quokka.facts.map((f) => [f.key, f.value])).toEqual([["protocols", ["x402"]]]);
    expect(quokka.evidence.map((e) => e.text)).toEqual([
      "Quokka Weather refreshes its storm alerts every five minutes.",
    ]);
    const wombat = await db.service.findUniqueOrThrow({ where: { id: "svc_importtest02" } });
    expect(wombat).toMatchObject({
      protocols: ["x402", "mpp"],
      sourceId: "svc_importtest02",
      entitySlug: "wombat-scrape",
    });

    // Found by the free search API (terms) and by the shortlist's semantic retrieval (embeddings).
    // (Processes recheck the catalog version at most once a second.)
    await expect
      .poll(async () => (await searchSlugs("zygomorphic storm alerts"))[0], { timeout: 10_000, interval: 250 })
      .toBe("quokka-weather");
    await expect
      .poll(async () => (await retrieveSemantic(query, null, 5)).map((h) => h.id), { timeout: 10_000, interval: 250 })
      .toContain("svc_importtest02");
  });

  it("upserts by id: the same file again changes nothing, a changed price updates in place with stable ids", async () => {
    await importCatalog(records());
    const version = (await counts()).version;
    expect(await importCatalog(records())).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
      embeddingsComputed: 0,
    });
    expect((await counts()).version).toBe(version);

    const doc = records();
    const offers = doc.services[0]!.offers as Record<string, unknown>[];
    offers[0]!.priceUsd = "0.003";
    doc.services[0]!.description = "Hyperlocal forecasts, now with pollen counts for allergy-aware quokkas.";
    const before = await counts();
    expect(await importCatalog(doc)).toMatchObject({ created: 0, updated: 1, unchanged: 1, embeddingsComputed: 1 });
    const after = await counts();
    expect({ ...after, version: 0 }).toEqual({ ...before, version: 0 });
    const offer = await db.offer.findUniqueOrThrow({ where: { id: "off_importtest01" } });
    expect([offer.serviceId, offer.priceAtomic]).toEqual(["svc_importtest01", 3000]);
    expect((await searchSlugs("pollen counts allergy"))[0]).toBe("quokka-weather");

    // Protocols follow the file, and so does the protocols fact.
    const fewer = structuredClone(doc);
    fewer.services[1]!.protocols = ["x402"];
    expect(await importCatalog(fewer)).toMatchObject({ updated: 1, unchanged: 1 });
    const wombat = await db.service.findUniqueOrThrow({ where: { id: "svc_importtest02" }, include: { facts: true } });
    expect([wombat.protocols, wombat.facts.map((f) => f.value)]).toEqual([["x402"], [["x402"]]]);
  });

  it("two imports of one file at once (two instances): one creates, the other finds it unchanged", async () => {
    const before = await counts();
    const results = await Promise.all([importCatalog(records()), importCatalog(records())]);
    expect(results.map((r) => [r.created, r.unchanged]).sort()).toEqual([
      [0, 2],
      [2, 0],
    ]);
    const after = await counts();
    expect([after.services - before.services, after.offers - before.offers]).toEqual([2, 3]);
  });

  it("round-trips a service record as the API answers it (unknown fields ignored, requirements kept)", async () => {
    const row = await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, select: { slug: true, id: true } });
    const { GET } = await import("@/app/api/catalog/services/[slug]/route");
    const res = await GET(new Request(`http://marketplace.test/api/catalog/services/${row.slug}`), {
      params: Promise.resolve({ slug: row.slug }),
    });
    const record = await res.json();
    const offersBefore = await db.offer.findMany({ where: { serviceId: row.id }, orderBy: { id: "asc" } });
    expect(await importCatalog(record)).toMatchObject({ services: 1, created: 0, updated: 0, unchanged: 1 });
    expect(await db.offer.findMany({ where: { serviceId: row.id }, orderBy: { id: "asc" } })).toEqual(offersBefore);
  });
});

describe("importCatalog: test results come only from the marketplace's own tests", () => {
  const claim = (doc: { services: Record<string, unknown>[] }, testStatus: string, testedAt: string | null) => {
    for (const s of doc.services) Object.assign(s, { testStatus, testedAt });
    return doc;
  };

  it("a new service starts untested whatever the file claims; the claims are counted as ignored", async () => {
    const summary = await importCatalog(claim(records(), "tested-output", "2026-11-01T10:00:00.000Z"));
    expect(summary).toMatchObject({ created: 2, ignoredTestResults: 2 });
    const rows = await db.service.findMany({
      where: { id: { in: ["svc_importtest01", "svc_importtest02"] } },
      select: { testStatus: true, testedAt: true, testReviewId: true },
    });
    expect(rows).toEqual([
      { testStatus: "untested", testedAt: null, testReviewId: null },
      { testStatus: "untested", testedAt: null, testReviewId: null },
    ]);
    // "untested" with no date claims nothing, and a file without the fields is accepted too.
    const bare = records();
    for (const s of bare.services) {
      delete s.testStatus;
      delete s.testedAt;
    }
    expect(await importCatalog(bare)).toMatchObject({ unchanged: 2, ignoredTestResults: 0 });
    expect(await importCatalog(claim(records(), "untested", null))).toMatchObject({ ignoredTestResults: 0 });
    // Still checked as a record's fields: a status outside the vocabulary is an issue, not a silent pass.
    await expectRefused(claim(records(), "certified", null), ["services[0].testStatus", "services[1].testStatus"]);
  });

  it("an existing service keeps its test status, date and test review through a re-import that claims otherwise", async () => {
    await importCatalog(records());
    const tested = {
      testStatus: "tested-output",
      testedAt: new Date("2026-11-20T08:30:00.000Z"),
      testReviewId: "7b0c8f52-2f0e-4c55-9a1e-3d4f5a6b7c8d",
    };
    // What the marketplace's test wrote.
    await db.service.update({ where: { id: "svc_importtest01" }, data: tested });
    const select = { testStatus: true, testedAt: true, testReviewId: true } as const;

    // The file as first imported (untested), then claiming another result, with a real change beside it.
    expect(await importCatalog(records())).toMatchObject({ updated: 0, unchanged: 2 });
    const doc = claim(records(), "tested-no-output", "2026-01-01T00:00:00.000Z");
    doc.services[0]!.description = "Forecasts, re-imported with a claim about their tests.";
    expect(await importCatalog(doc)).toMatchObject({ updated: 1, unchanged: 1, ignoredTestResults: 2 });
    expect(await db.service.findUniqueOrThrow({ where: { id: "svc_importtest01" }, select })).toEqual(tested);
    expect(await db.service.findUniqueOrThrow({ where: { id: "svc_importtest02" }, select })).toEqual({
      testStatus: "untested",
      testedAt: null,
      testReviewId: null,
    });
    const { service } = await getServiceRecord("quokka-weather");
    expect(service).toMatchObject({ testStatus: "tested-output", testedAt: "2026-11-20T08:30:00.000Z" });
    expect(service.reviewUrl).toContain("/reviews/7b0c8f52-2f0e-4c55-9a1e-3d4f5a6b7c8d");
  });

  it("a Bazaar list never touches a service's test results either", async () => {
    const { items } = await listDiscoveryResources({ limit: 1000, offset: 0 });
    const serviceId = items[0]!.metadata.serviceId;
    const select = { testStatus: true, testedAt: true, testReviewId: true } as const;
    const tested = {
      testStatus: "tested-no-output",
      testedAt: new Date("2026-11-21T09:00:00.000Z"),
      testReviewId: "0d7f5c1e-6a2b-4c3d-8e9f-1a2b3c4d5e6f",
    };
    await db.service.update({ where: { id: serviceId }, data: tested });
    const own = items.filter((i) => i.metadata.serviceId === serviceId);
    own[0]!.description = "Changed by the list, so the service is written.";
    expect(await importCatalog({ x402Version: 2, items: own })).toMatchObject({ services: 1, created: 0 });
    expect(await db.service.findUniqueOrThrow({ where: { id: serviceId }, select })).toEqual(tested);
  });
});

describe("importCatalog: an x402 Bazaar discovery list", () => {
  it("groups resources by origin into services with stable derived ids, prices from atomic amounts", async () => {
    const summary = await importCatalog(fixture("bazaar-list.json"));
    expect(summary).toMatchObject({ format: "bazaar", services: 2, created: 2, offers: 3 });
    const numbat = await db.service.findUniqueOrThrow({
      where: { slug: "api-numbat-maps-example-io" },
      include: { offers: { orderBy: { position: "asc" } } },
    });
    expect(numbat).toMatchObject({
      id: serviceIdForSlug("api-numbat-maps-example-io"),
      name: "Numbat Maps",
      primaryCapability: "maps-weather",
      serviceUrl: "https://api.numbat-maps.example.io",
      catalogSource: "urn:x402:bazaar",
      // The newest lastUpdated of its resources.
      catalogObservedAt: new Date("2026-11-22T09:00:00.000Z"),
      tags: ["maps", "geocoding"],
    });
    expect(numbat.offers.map((o) => [o.method, o.path, o.priceAtomic, o.payTo, o.maxTimeoutSeconds])).toEqual([
      ["GET", "/geocode", 1500, "0x3333333333333333333333333333333333333333", 30],
      ["POST", "/route", 25000, "0x3333333333333333333333333333333333333333", 30],
    ]);
    const echidna = await db.service.findUniqueOrThrow({
      where: { slug: "echidna-llm-example-dev" },
      include: { offers: true },
    });
    expect(echidna).toMatchObject({ primaryCapability: "ai-models", name: "echidna-llm.example.dev" });
    expect(echidna.offers.map((o) => o.method)).toEqual(["POST"]);

    // The same list again: the same rows, nothing written. A source given by the caller is kept.
    expect(await importCatalog(fixture("bazaar-list.json"))).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(
      await importCatalog(fixture("bazaar-list.json"), { source: "https://bazaar.example.org/list" }),
    ).toMatchObject({ updated: 2 });
    expect((await db.service.findUniqueOrThrow({ where: { id: echidna.id } })).catalogSource).toBe(
      "https://bazaar.example.org/list",
    );
  });

  it("speaks for x402 offers only: a service's MPP offers and the figures a list does not carry are kept", async () => {
    // A seeded service sold with both protocols: an mpp offer beside each x402 one, same method and path.
    const candidates = await db.service.findMany({
      where: { calls30d: { gt: 0 }, protocols: { has: "mpp" } },
      orderBy: { id: "asc" },
      include: { offers: { orderBy: { id: "asc" } } },
    });
    const service = candidates.find((c) => c.offers.length >= 4)!;
    const mppIds = new Set(service.offers.filter((o) => o.protocol === "mpp").map((o) => o.id));
    expect(mppIds.size).toBeGreaterThan(0);
    const { items } = await listDiscoveryResources({ limit: 1000, offset: 0 });
    const own = items.filter((i) => i.metadata.serviceId === service.id);
    expect(own.length).toBe(service.offers.length - mppIds.size);
    // As a foreign list would say it: no metadata, so name, figures and capabilities are not known.
    const foreign = own.map(({ metadata: _m, serviceName: _n, tags: _t, ...item }) => ({
      ...item,
      metadata: {
        serviceId: service.id,
        serviceSlug: service.slug,
        offerId: _m.offerId,
        providerUrl: _m.providerUrl,
        path: _m.path,
        method: _m.method,
      },
    }));
    expect(await importCatalog({ x402Version: 2, items: foreign })).toMatchObject({ services: 1, created: 0 });
    const after = await db.service.findUniqueOrThrow({
      where: { id: service.id },
      include: { offers: { orderBy: { id: "asc" } } },
    });
    expect(after.offers.map((o) => [o.id, o.protocol, o.method, o.path, o.priceAtomic])).toEqual(
      service.offers.map((o) => [o.id, mppIds.has(o.id) ? "mpp" : "x402", o.method, o.path, o.priceAtomic]),
    );
    expect(after.protocols).toContain("mpp");
    expect(after).toMatchObject({
      name: service.name,
      calls30d: service.calls30d,
      uniquePayers30d: service.uniquePayers30d,
      testStatus: service.testStatus,
      capabilities: service.capabilities,
      description: service.description,
      sourceId: service.sourceId,
    });
  });

  it("refuses an absurd price, a query in a resource and a method other than GET or POST", async () => {
    const list = fixture("bazaar-list.json") as { items: Record<string, unknown>[] };
    (list.items[0]!.accepts as Record<string, unknown>[])[0]!.amount = "5000000000000"; // 5 million USDC
    list.items[1]!.resource = "https://api.numbat-maps.example.io/route?key=1";
    (list.items[2]!.extensions as { bazaar: { info: { input: { method: string } } } }).bazaar.info.input.method =
      "DELETE";
    const err = await expectRefused(list, [
      "items[0].accepts[0].amount",
      "items[1].resource",
      "items[2].extensions.bazaar.info.input.method",
    ]);
    expect(err.issues![0]!.message).toMatch(/1000 USD/);
  });
});

describe("importCatalog: bad files change nothing", () => {
  it("one bad record among good ones: nothing is written, the issue names the record's path", async () => {
    const doc = records();
    (doc.services[1]!.offers as Record<string, unknown>[])[0]!.priceUsd = "12.5e3";
    const err = await expectRefused(doc, ["services[1].offers[0].priceUsd"]);
    expect(err.issues![0]!.message).toMatch(/decimal text/);
    expect(await db.service.findUnique({ where: { id: "svc_importtest01" } })).toBeNull();
  });

  it("absurd prices, missing fields and wrong types are issues with paths", async () => {
    const doc = records();
    (doc.services[0]!.offers as Record<string, unknown>[])[1]!.priceUsd = "99999";
    delete doc.services[1]!.name;
    doc.services[1]!.capabilities = ["teleportation"];
    await expectRefused(doc, ["services[0].offers[1].priceUsd", "services[1].name", "services[1].capabilities[0]"]);
  });

  it("NUL, lone surrogates and over-deep nesting are refused before any schema runs", async () => {
    const nul = records();
    nul.services[1]!.description = "clean\u0000markdown";
    await expectRefused(nul, ["services[1].description"]);
    const surrogate = records();
    (surrogate.services[0]!.tags as string[])[1] = "fore\ud800cast";
    await expectRefused(surrogate, ["services[0].tags[1]"]);
    const deep = records();
    let nested: unknown = "bottom";
    for (let i = 0; i < 100_000; i++) nested = [nested];
    (deep.services[0]!.offers as Record<string, unknown>[])[0]!.exampleInput = { q: nested };
    const err = await expectRefused(deep, [
      expect.stringMatching(/^services\[0\]\.offers\[0\]\.exampleInput\.q(\[0\])+$/) as unknown as string,
    ]);
    expect(err.issues![0]!.message).toMatch(/nest at most 32/);
    // As text, the depth is measured before parsing.
    await expectRefused(`{"services":${"[".repeat(50_000)}${"]".repeat(50_000)}}`, ["(document)"]);
    await expectRefused("{not json", ["(document)"]);
  });

  it("duplicate ids and slugs within the file, and a slug or offer id owned by another service", async () => {
    const dup = records();
    dup.services[1]!.id = "svc_importtest01";
    dup.services[1]!.slug = "quokka-weather";
    (dup.services[1]!.offers as Record<string, unknown>[])[0]!.id = "off_importtest02";
    await expectRefused(dup, ["services[1].id", "services[1].slug", "services[1].offers[0].id"]);

    const seeded = await db.service.findFirstOrThrow({
      orderBy: { id: "asc" },
      select: { id: true, slug: true, offers: { select: { id: true }, take: 1 } },
    });
    const taken = records();
    taken.services[0]!.slug = seeded.slug;
    (taken.services[1]!.offers as Record<string, unknown>[])[0]!.id = seeded.offers[0]!.id;
    const err = await expectRefused(taken, ["services[0].slug", "services[1].offers[0].id"]);
    expect(err.message).toMatch(/conflicts with the catalog/);
    expect(err.issues![0]!.message).toContain(seeded.id);
  });

  it("http URLs only in test mode, where the offers are marked testMode", async () => {
    const doc = records();
    doc.services[0]!.serviceUrl = "http://127.0.0.1:4021";
    await expectRefused(doc, ["services[0].serviceUrl"]);
    const file = { services: [doc.services[0]] };
    expect(await importCatalog(file, { testMode: true })).toMatchObject({ created: 1 });
    const offers = await db.offer.findMany({ where: { serviceId: "svc_importtest01" } });
    expect(offers.map((o) => [o.providerUrl, o.testMode])).toEqual([
      ["http://127.0.0.1:4021", true],
      ["http://127.0.0.1:4021", true],
    ]);
    await expectRefused(
      { services: [{ ...doc.services[0], serviceUrl: "javascript:alert(1)" }] },
      ["services[0].serviceUrl"],
      { testMode: true },
    );
    // Addresses the observer never calls (offer-policy.ts): loopback outside test mode, private and
    // metadata addresses always.
    const loopback = await expectRefused({ services: [{ ...doc.services[0], serviceUrl: "https://127.0.0.1" }] }, [
      "services[0].offers[0].providerUrl",
      "services[0].offers[1].providerUrl",
    ]);
    expect(loopback.issues![0]!.message).toMatch(/not a public one/);
    await expectRefused({ services: [{ ...doc.services[0], serviceUrl: "https://localhost:8443" }] }, [
      "services[0].offers[0].providerUrl",
      "services[0].offers[1].providerUrl",
    ]);
    await expectRefused(
      { services: [{ ...doc.services[0], serviceUrl: "http://169.254.169.254" }] },
      ["services[0].offers[0].providerUrl", "services[0].offers[1].providerUrl"],
      { testMode: true },
    );
    const list = fixture("bazaar-list.json") as { items: Record<string, unknown>[] };
    list.items[2]!.resource = "https://[::ffff:10.0.0.1]/v1/chat";
    await expectRefused(list, ["items[2].resource"], { testMode: true });
  });

  it("bounded work: too many services, or a file over the size cap, is refused up front", async () => {
    const one = records().services[0]!;
    const many = {
      services: Array.from({ length: IMPORT_LIMITS.maxServices + 1 }, (_, i) => ({
        ...one,
        id: `svc_many${i}`,
        slug: `many-${i}`,
      })),
    };
    const err = await expectRefused(many, ["services"]);
    expect(err.issues![0]!.message).toMatch(/At most 5000 services/);
    await expectRefused(`{"services":[],"pad":"${"x".repeat(IMPORT_LIMITS.maxFileBytes)}"}`, ["(document)"]);
  });
});
