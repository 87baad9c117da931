// `health` where the catalog answers: each offer and the service of the service record, the list
// and search summaries, and each resource of /discovery/resources. Additive: every other field of
// the record stays as it was (routedByMarketplace turns false while a terms change stops routing).
import type { DiscoveryResourcesResponse } from "@x402/extensions/bazaar";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as discoveryRoute } from "@/app/discovery/resources/route";
import { GET as searchRoute } from "@/app/api/catalog/search/route";
import { GET as recordRoute } from "@/app/api/catalog/services/[slug]/route";
import { CATALOGUED_TERMS, OBSERVED_TERMS, healthRows } from "@/test/catalog/health-rows";
import { db } from "../db";
import { serviceHealthObject, type OfferHealthObject } from "../probes/health-schema";
import { offerHealthFor } from "../probes/offer-health";
import { discoveryListSchema, type DiscoveryList } from "./discovery/list-discovery-resources";
import { summariesFor } from "./list-services";
import { searchResultSchema } from "./search-result-schema";
import { serviceRecordSchema, type ServiceRecord } from "./service-record-schema";

const { setHealth, conformant, addChange } = healthRows(db);

async function record(slug: string): Promise<ServiceRecord> {
  const res = await recordRoute(new Request(`http://marketplace.test/api/catalog/services/${slug}`), {
    params: Promise.resolve({ slug }),
  });
  expect(res.status).toBe(200);
  // The typed client's schema (client/marketplace-client.ts parses records with it).
  return serviceRecordSchema.parse(await res.json());
}

let service: { id: string; slug: string; name: string; offers: { id: string }[] };
let before: ServiceRecord;

beforeAll(async () => {
  service = await db.service.findFirstOrThrow({
    // Three offers or more, every one an x402 offer of the discovery list.
    where: {
      AND: [{ offers: { some: { position: 2 } } }, { offers: { every: { protocol: "x402", payTo: { not: null } } } }],
    },
    select: {
      id: true,
      slug: true,
      name: true,
      offers: { select: { id: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
    orderBy: { id: "asc" },
  });
  before = await record(service.slug);
  const [stopped, failing] = service.offers;
  await conformant(stopped!.id, 97.5);
  await addChange(stopped!.id, { blocking: true, fields: ["payTo"], detectedAt: new Date("2026-11-28T01:00:00Z") });
  await setHealth(failing!.id, {
    state: "non_conformant",
    failedChecks: ["network_caip2", "amount_matches_price"],
    uptime24h: 100,
    uptime7d: 99,
    uptime30d: 98.5,
    latencyP50Ms: 80,
    latencyP95Ms: 900,
    probes30d: 12,
    lastProbedAt: new Date("2026-11-28T02:55:00Z"),
  });
});

describe("health in the service record", () => {
  it("each offer carries its health (offerHealthFor), the service the health of its offers", async () => {
    const after = await record(service.slug);
    const health = await offerHealthFor(service.offers.map((o) => o.id));
    for (const offer of after.service.offers) expect(offer.health).toEqual(health.get(offer.id));
    expect(after.service.health).toEqual(
      serviceHealthObject(service.offers.map((o) => health.get(o.id) as OfferHealthObject)),
    );

    const [stopped, failing, ...rest] = after.service.offers;
    expect(stopped!.health).toMatchObject({
      state: "conformant",
      uptime24h: 97.5,
      healthy: false,
      routingStopped: true,
      termsChange: {
        detectedAt: "2026-11-28T01:00:00.000Z",
        fields: ["payTo"],
        blocking: true,
        catalogued: CATALOGUED_TERMS,
        observed: OBSERVED_TERMS,
        resolvedAt: null,
        resolution: null,
      },
    });
    expect(failing!.health).toMatchObject({
      state: "non_conformant",
      failedChecks: ["network_caip2", "amount_matches_price"],
      healthy: false,
      routingStopped: false,
      termsChange: null,
    });
    for (const offer of rest) expect(offer.health).toMatchObject({ state: "unprobed", healthy: false });
    expect(after.service.health).toMatchObject({
      state: "non_conformant",
      failedChecks: ["network_caip2", "amount_matches_price"],
      healthy: false,
      offersProbed: 2,
      offersConformant: 1,
      lastProbedAt: "2026-11-28T02:55:00.000Z",
      latencyP95Ms: 900,
    });
  });

  it("is additive: the specification's fields are unchanged, except that a stopped offer is not routed", async () => {
    const after = await record(service.slug);
    const { health: _h, offers: offersAfter, ...serviceAfter } = after.service;
    const { health: _b, offers: offersBefore, ...serviceBefore } = before.service;
    expect(serviceAfter).toEqual(serviceBefore);
    expect(offersAfter.map(({ health: _x, ...o }) => o)).toEqual(
      offersBefore.map(({ health: _x, ...o }, i) => (i === 0 ? { ...o, routedByMarketplace: false } : o)),
    );
    expect(offersBefore[0]!.routedByMarketplace).toBe(true);
  });

  it("an offer without probes is unprobed: null figures, not healthy, no terms change", async () => {
    const other = await db.service.findFirstOrThrow({
      where: { id: { not: service.id } },
      select: { slug: true },
      orderBy: { id: "desc" },
    });
    const { service: s } = await record(other.slug);
    for (const offer of s.offers)
      expect(offer.health).toEqual({
        state: "unprobed",
        failedChecks: [],
        uptime24h: null,
        uptime7d: null,
        uptime30d: null,
        latencyP50Ms: null,
        latencyP95Ms: null,
        lastProbedAt: null,
        healthy: false,
        probes30d: 0,
        routingStopped: false,
        termsChange: null,
      });
    expect(s.health).toMatchObject({ state: "unprobed", healthy: false, offersProbed: 0, offersConformant: 0 });
  });
});

describe("health in the summaries and the discovery list", () => {
  it("a summary (list, search) carries the record's service health", async () => {
    const { service: s } = await record(service.slug);
    const [summary] = await summariesFor([service.id]);
    expect(summary!.health).toEqual(s.health);
    const res = await searchRoute(
      new Request(`http://marketplace.test/api/catalog/search?q=${encodeURIComponent(service.name)}&limit=50`),
    );
    const found = searchResultSchema.parse(await res.json()).services.find((x) => x.id === service.id);
    expect(found!.health).toEqual(s.health);
  });

  it("each /discovery/resources item carries its offer's health in metadata.health", async () => {
    const res = await discoveryRoute(new Request("http://marketplace.test/discovery/resources?limit=1000"));
    expect(res.status).toBe(200);
    const listed = (await res.json()) as DiscoveryList;
    // The marketplace's own products come first; the offers follow.
    const body = discoveryListSchema.strict().parse({
      ...listed,
      items: listed.items.filter((i) => !("marketplaceProduct" in i.metadata)),
    });
    const typed: DiscoveryResourcesResponse = body;
    expect(typed.items.length).toBeGreaterThan(100);
    const health = await offerHealthFor(body.items.map((i) => i.metadata.offerId));
    for (const item of body.items) expect(item.metadata.health).toEqual(health.get(item.metadata.offerId));
    const byOffer = new Map<string, DiscoveryList["items"][number]>(body.items.map((i) => [i.metadata.offerId, i]));
    const [stopped, failing] = service.offers;
    expect(byOffer.get(stopped!.id)!.metadata.health).toMatchObject({ routingStopped: true, healthy: false });
    expect(byOffer.get(failing!.id)!.metadata.health).toMatchObject({ state: "non_conformant" });
  });
});
