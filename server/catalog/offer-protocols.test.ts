// How a service is paid and reached, as the records say it: each offer's own protocol (the 46 MPP
// services list an mpp offer beside each x402 one), the service's `protocol` and `protocols`, the
// list filter and summaries agreeing with the records, and routedByMarketplace from the observer's
// address policy at read time.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { buildShortlist } from "@/server/shortlist/build-shortlist";
import { getServiceRecord } from "./get-service";
import { listServices, type ServiceSummary } from "./list-services";

async function allSummaries(protocol?: "x402" | "mpp"): Promise<ServiceSummary[]> {
  const out: ServiceSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await listServices({ limit: 100, protocol, cursor });
    out.push(...page.services);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

describe("offer protocols in the records", () => {
  it("counts 46 MPP services in the protocol=mpp filter, the list summaries and the records", async () => {
    const filtered = await allSummaries("mpp");
    const summaries = (await allSummaries()).filter((s) => s.protocols.includes("mpp"));
    const slugs = await db.service.findMany({ select: { slug: true }, orderBy: { id: "asc" } });
    const records = await Promise.all(slugs.map(({ slug }) => getServiceRecord(slug)));
    const withMppOffers = records.filter((r) => r.service.offers.some((o) => o.protocol === "mpp"));

    expect(filtered).toHaveLength(46);
    expect(summaries).toHaveLength(46);
    expect(withMppOffers).toHaveLength(46);
    expect(records.filter((r) => r.service.protocols.includes("mpp"))).toHaveLength(46);
    expect(new Set(filtered.map((s) => s.slug))).toEqual(
      new Set(withMppOffers.map((r) => r.service.surface.subjectSlug)),
    );
    expect(new Set(summaries.map((s) => s.slug))).toEqual(
      new Set(withMppOffers.map((r) => r.service.surface.subjectSlug)),
    );
    // Every service still has x402 offers, so protocol=x402 lists them all.
    expect(await allSummaries("x402")).toHaveLength(records.length);
  });

  it("shows an x402 and an mpp offer per endpoint of an MPP service, same price, separate ids", async () => {
    const row = await db.service.findFirstOrThrow({
      where: { offers: { some: { protocol: "mpp" } } },
      orderBy: { id: "asc" },
      select: { slug: true },
    });
    const { service } = await getServiceRecord(row.slug);
    expect(service.protocol).toBe("x402");
    expect(service.protocols).toEqual(["x402", "mpp"]);
    const x402 = service.offers.filter((o) => o.protocol === "x402");
    const mpp = service.offers.filter((o) => o.protocol === "mpp");
    expect(x402.length).toBeGreaterThan(0);
    expect(mpp.map((o) => [o.method, o.path, o.priceUsd])).toEqual(x402.map((o) => [o.method, o.path, o.priceUsd]));
    expect(new Set(service.offers.map((o) => o.id)).size).toBe(service.offers.length);
    expect(service.offerCount).toBe(x402.length + mpp.length);
    for (const o of mpp) expect(o.callUrl).toBe(`http://marketplace.test/api/x402/observe/${o.id}`);

    const plain = await db.service.findFirstOrThrow({
      where: { offers: { none: { protocol: "mpp" } } },
      orderBy: { id: "asc" },
      select: { slug: true },
    });
    const plainRecord = await getServiceRecord(plain.slug);
    expect(plainRecord.service.protocols).toEqual(["x402"]);
    expect(plainRecord.service.offers.every((o) => o.protocol === "x402")).toBe(true);
  });

  it("says protocol mpp for a service whose offers are all MPP", async () => {
    const row = await db.service.findFirstOrThrow({
      where: { offers: { some: { protocol: "mpp" } } },
      orderBy: { id: "desc" },
      select: { id: true, slug: true },
    });
    const x402 = await db.offer.findMany({ where: { serviceId: row.id, protocol: "x402" } });
    await db.offer.deleteMany({ where: { serviceId: row.id, protocol: "x402" } });
    try {
      const { service } = await getServiceRecord(row.slug);
      expect(service.protocol).toBe("mpp");
      expect(service.protocols).toEqual(["mpp"]);
      const [summary] = (await allSummaries("mpp")).filter((s) => s.slug === row.slug);
      expect(summary?.protocols).toEqual(["mpp"]);
      expect((await allSummaries("x402")).some((s) => s.slug === row.slug)).toBe(false);
    } finally {
      await db.offer.createMany({ data: x402.map((o) => ({ ...o, exampleInput: o.exampleInput ?? undefined })) });
    }
  });

  it("lists a match's offers with their protocol; protocol=mpp lists the MPP offers only, the purchase link prefers x402 at a tie", async () => {
    const mpp = await buildShortlist({
      outcome: "weather forecast for a city",
      constraints: { protocol: "mpp" },
      limit: 5,
    });
    expect(mpp.matches.length).toBeGreaterThan(0);
    for (const m of mpp.matches) {
      expect(m.offers.length).toBeGreaterThan(0);
      for (const o of m.offers) expect(o.protocol).toBe("mpp");
      expect(m.offers.map((o) => o.callUrl)).toContain(m.links.purchase);
    }
    const any = await buildShortlist({ outcome: "weather forecast for a city", limit: 5 });
    for (const m of any.matches) {
      const purchase = m.offers.find((o) => o.callUrl === m.links.purchase);
      expect(purchase?.protocol, m.service.slug).toBe("x402");
    }
  });
});

describe("routedByMarketplace", () => {
  it("is true for an offer the observer can reach and false for one it would refuse, read at request time", async () => {
    const offer = await db.offer.findFirstOrThrow({
      orderBy: { id: "asc" },
      select: { id: true, service: { select: { slug: true } } },
    });
    const routed = async () =>
      (await getServiceRecord(offer.service.slug)).service.offers.find((o) => o.id === offer.id)!.routedByMarketplace;
    expect(await routed()).toBe(true);

    // A loopback provider outside test mode: the observer refuses it (offer_not_routable).
    await db.offer.update({ where: { id: offer.id }, data: { providerUrl: "http://127.0.0.1:4021" } });
    expect(await routed()).toBe(false);
    // Plain http to a public host: refused too (https only).
    await db.offer.update({ where: { id: offer.id }, data: { providerUrl: "http://api.example.com" } });
    expect(await routed()).toBe(false);
    // A test-mode offer (the local demo provider) while the local facilitator is active: reachable.
    await db.offer.update({ where: { id: offer.id }, data: { providerUrl: "http://127.0.0.1:4021", testMode: true } });
    expect(await routed()).toBe(true);
  });
});
