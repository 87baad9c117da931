// The service record compared field by field with the specification's tables
// ("Service record (catalog)", "Service object", "Offer object").
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { GET } from "./route";

type Kind =
  | "string"
  | "integer"
  | "boolean"
  | "array<string>"
  | "object"
  | "array<object>"
  | "nullable"
  | "uri"
  | "iso8601"
  | "decimal";

// Transcribed from the specification's service-record tables (docs/decisions.md "Catalog" adds what it leaves open).
const RECORD: Record<string, Kind> = {
  schemaVersion: "integer",
  dataMode: "string",
  methodologyUrl: "uri",
  service: "object",
};
const SERVICE: Record<string, Kind> = {
  id: "string",
  sourceId: "string",
  protocol: "string",
  name: "string",
  website: "string",
  serviceUrl: "string",
  hostname: "string",
  description: "string",
  docsUrl: "string",
  capabilities: "array<string>",
  primaryCapability: "string",
  tags: "array<string>",
  offerCount: "integer",
  startingPriceUsd: "decimal",
  startingPriceLabel: "string",
  supportsCredits: "boolean",
  calls30d: "integer",
  uniquePayers30d: "integer",
  testStatus: "string",
  reviewUrl: "nullable",
  testedAt: "nullable",
  rating: "nullable",
  lastReview: "nullable",
  reviewCount: "integer",
  entity: "object",
  surface: "object",
  catalogSource: "uri",
  catalogObservedAt: "iso8601",
  offers: "array<object>",
  // Additive (docs/decisions.md "Catalog"): the offers' protocols and the observer's own figures.
  protocols: "array<string>",
  observed: "object",
  // Additive (issue 12): every sentence a shortlist condition check can quote.
  facts: "array<object>",
  // Additive (a catalog the marketplace verifies, part 1): served by the marketplace's sandbox provider.
  sandbox: "boolean",
  // Additive (issue 27): a listed service whose every payee proved control of its address.
  payeeVerified: "boolean",
  // Additive (issue 25): what the marketplace's probes observed of the service's offers.
  health: "object",
  // Additive (issue 26): the review average whatever the test status (`rating` stays null while untested).
  reviewRating: "nullable",
};
const ENTITY = ["slug", "name", "website", "profileUrl", "cataloged"];
const SURFACE = ["name", "subjectSlug", "profileUrl", "reputationScope"];
const OFFER: Record<string, Kind> = {
  id: "string",
  protocol: "string",
  method: "string",
  path: "string",
  providerUrl: "string",
  callUrl: "uri",
  routedByMarketplace: "boolean",
  description: "string",
  priceUsd: "decimal",
  priceLabel: "string",
  dynamicPrice: "boolean",
  unitType: "string",
  intent: "string",
  quickstart: "string",
  docsUrl: "string",
  observed: "object", // additive: the observer's figures for the offer
  health: "object", // additive (issue 25): what the marketplace's probes observed of the offer
};
const CAPABILITIES = ["maps-weather", "web-data", "search", "media", "social", "storage", "ai-models"];

function expectKind(value: unknown, kind: Kind, field: string) {
  const msg = `field ${field}`;
  switch (kind) {
    case "string":
      return expect(typeof value, msg).toBe("string");
    case "integer":
      return expect(Number.isInteger(value), msg).toBe(true);
    case "boolean":
      return expect(typeof value, msg).toBe("boolean");
    case "array<string>":
      expect(Array.isArray(value), msg).toBe(true);
      for (const v of value as unknown[]) expect(typeof v, msg).toBe("string");
      return;
    case "array<object>":
      expect(Array.isArray(value), msg).toBe(true);
      for (const v of value as unknown[]) expect(typeof v, msg).toBe("object");
      return;
    case "object":
      return expect(value !== null && typeof value === "object" && !Array.isArray(value), msg).toBe(true);
    case "nullable":
      return expect(value === null || ["string", "number", "object"].includes(typeof value), msg).toBe(true);
    case "uri":
      return expect(() => new URL(value as string), msg).not.toThrow();
    case "iso8601":
      return expect(new Date(value as string).toISOString(), msg).toBe(value);
    case "decimal":
      return expect(value, msg).toMatch(/^\d+\.\d+$/);
  }
}

async function record(slug: string) {
  const res = await GET(new Request(`http://marketplace.test/api/catalog/services/${slug}`), {
    params: Promise.resolve({ slug }),
  });
  return { status: res.status, body: await res.json() };
}

describe("GET /api/catalog/services/{slug}", () => {
  it("has every field of the specification with its type, and no others", async () => {
    const services = await db.service.findMany({ select: { slug: true }, orderBy: { id: "asc" } });
    for (const { slug } of services) {
      const { status, body } = await record(slug);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(Object.keys(RECORD).sort());
      for (const [k, kind] of Object.entries(RECORD)) expectKind(body[k], kind, k);
      expect(body.schemaVersion).toBe(1);
      expect(body.dataMode).toBe("snapshot+live-reviews");

      const s = body.service;
      expect(Object.keys(s).sort()).toEqual(Object.keys(SERVICE).sort());
      for (const [k, kind] of Object.entries(SERVICE)) expectKind(s[k], kind, k);
      expect(s.protocol).toBe("x402");
      for (const c of s.capabilities) expect(CAPABILITIES).toContain(c);
      expect(CAPABILITIES).toContain(s.primaryCapability);
      expect(s.capabilities).toContain(s.primaryCapability);
      expect(s.offerCount).toBe(s.offers.length);
      expect(s.offerCount).toBeGreaterThanOrEqual(1);
      expect(Object.keys(s.entity).sort()).toEqual([...ENTITY].sort());
      expect(typeof s.entity.cataloged).toBe("boolean");
      expect(s.entity.profileUrl === null || typeof s.entity.profileUrl === "string").toBe(true);
      expect(Object.keys(s.surface).sort()).toEqual([...SURFACE].sort());
      expect(s.surface).toMatchObject({
        subjectSlug: slug,
        reputationScope: "surface",
        profileUrl: `http://marketplace.test/services/${slug}`,
      });
      if (s.testStatus === "untested") {
        expect([s.reviewUrl, s.testedAt, s.rating, s.lastReview]).toEqual([null, null, null, null]);
      } else {
        expectKind(s.testedAt, "iso8601", "testedAt");
        expectKind(s.reviewUrl, "uri", "reviewUrl");
      }
      const prices = s.offers.map((o: { priceUsd: string }) => Number(o.priceUsd));
      expect(Number(s.startingPriceUsd)).toBe(Math.min(...prices));

      for (const o of s.offers) {
        expect(Object.keys(o).sort()).toEqual(Object.keys(OFFER).sort());
        for (const [k, kind] of Object.entries(OFFER)) expectKind(o[k], kind, `offers.${k}`);
        expect(["GET", "POST"]).toContain(o.method);
        expect(o.callUrl).toBe(`http://marketplace.test/api/x402/observe/${o.id}`);
        expect(o.unitType).toBe("request");
        expect(o.intent).toBe("charge");
        expect(o.quickstart).toContain(o.callUrl);
        expect(Number(o.priceUsd)).toBeGreaterThanOrEqual(0.0005);
        expect(Number(o.priceUsd)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("publishes every fact, evidence sentence, test status and offer price as a citable sentence", async () => {
    const services = await db.service.findMany({
      select: {
        slug: true,
        name: true,
        testStatus: true,
        facts: { select: { key: true, text: true, source: true } },
        evidence: { select: { text: true, source: true } },
        offers: { select: { method: true, path: true } },
      },
      orderBy: { id: "asc" },
      take: 40,
    });
    for (const svc of services) {
      const { body } = await record(svc.slug);
      const facts: { text: string; source: string; topic: string }[] = body.service.facts;
      for (const f of facts) expect(Object.keys(f).sort()).toEqual(["source", "text", "topic"]);
      for (const f of svc.facts) expect(facts).toContainEqual({ text: f.text, source: f.source, topic: f.key });
      for (const e of svc.evidence) expect(facts).toContainEqual({ text: e.text, source: e.source, topic: "evidence" });
      const recordUrl = `http://marketplace.test/api/catalog/services/${svc.slug}`;
      const status = facts.filter((f) => f.topic === "testStatus");
      expect(status).toHaveLength(1);
      expect(status[0]!.source).toBe(recordUrl);
      expect(status[0]!.text).toContain(
        svc.testStatus === "untested" ? "has not been tested" : "The marketplace tested",
      );
      const prices = facts.filter((f) => f.topic === "price");
      expect(prices).toHaveLength(svc.offers.length);
      for (const o of body.service.offers) {
        const text = o.dynamicPrice
          ? `${o.method} ${o.path} has a dynamic price, from ${o.priceUsd} USD per call.`
          : `${o.method} ${o.path} costs ${o.priceUsd} USD per call.`;
        expect(prices.map((p) => p.text)).toContain(text);
      }
    }
  });

  it("reports live review figures for a tested service", async () => {
    const svc = await db.service.findFirstOrThrow({
      where: { testStatus: { not: "untested" }, reviews: { some: {} } },
      select: {
        slug: true,
        id: true,
        reviews: {
          select: { rating: true, id: true, createdAt: true },
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        },
      },
      orderBy: { id: "asc" },
    });
    const { body } = await record(svc.slug);
    const mean = svc.reviews.reduce((a, r) => a + r.rating, 0) / svc.reviews.length;
    expect(body.service.reviewCount).toBe(svc.reviews.length);
    expect(body.service.rating).toBeCloseTo(mean, 1);
    expect(body.service.lastReview).toMatchObject({
      id: svc.reviews[0]!.id,
      created_at: svc.reviews[0]!.createdAt.getTime(),
    });
  });

  it("answers 404 with JSON for an unknown slug", async () => {
    for (const slug of ["no-such-service", "UPPER", "a%20b"]) {
      const { status, body } = await record(slug);
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: "not_found", message: expect.any(String) });
    }
  });
});
