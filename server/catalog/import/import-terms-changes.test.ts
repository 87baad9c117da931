// A re-import that writes an offer resolves its open payment-terms change ("reimported", by
// "import") in the import's own transaction; offers the file keeps are updated in place, so their
// probes, health and terms-change history stay; an offer the file leaves as it was keeps its open
// change, and a refused file resolves nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { routingStop } from "@/server/probes/offer-health";
import { healthRows } from "@/test/catalog/health-rows";
import { importCatalog } from "./import-catalog";

const { conformant, addChange } = healthRows(db);

const fixture = (name: string) => JSON.parse(readFileSync(path.resolve("test/catalog", name), "utf8"));
type Doc = { services: { offers: Record<string, unknown>[]; slug: string; [k: string]: unknown }[] };
const records = (): Doc => fixture("records.json");

const FORECAST = "off_importtest01";
const ALERTS = "off_importtest02";

/** What the probes left on an offer: a health row, a probe and an open blocking change. */
async function probed(offerId: string): Promise<string> {
  await conformant(offerId);
  await db.offerProbe.create({ data: { offerId, verdict: "conformant", status: 402, latencyMs: 120 } });
  return addChange(offerId, { blocking: true, fields: ["payTo"] });
}

const change = (id: string) => db.offerTermsChange.findUniqueOrThrow({ where: { id } });

beforeEach(async () => {
  await db.service.deleteMany({
    where: {
      OR: [
        { id: { startsWith: "svc_importtest" } },
        { slug: { in: ["api-numbat-maps-example-io", "echidna-llm-example-dev"] } },
      ],
    },
  });
  await importCatalog(records());
});

describe("a re-import and the open payment-terms changes", () => {
  it("writing an offer resolves its change (reimported, by import); the offer keeps its row, probes and health", async () => {
    const forecast = await probed(FORECAST);
    const alerts = await probed(ALERTS);

    // The same file again writes nothing, so it resolves nothing.
    expect(await importCatalog(records())).toMatchObject({ updated: 0, unchanged: 2 });
    expect((await change(forecast)).resolvedAt).toBeNull();
    expect(await routingStop(FORECAST)).not.toBeNull();

    const doc = records();
    doc.services[0]!.offers[0]!.priceUsd = "0.004";
    expect(await importCatalog(doc)).toMatchObject({ updated: 1, unchanged: 1 });
    expect(await change(forecast)).toMatchObject({ resolution: "reimported", resolvedBy: "import" });
    expect((await change(forecast)).resolvedAt).toBeInstanceOf(Date);
    expect(await routingStop(FORECAST)).toBeNull();
    // Updated in place: the probe history and the health row are the offer's still.
    expect(await db.offer.findUniqueOrThrow({ where: { id: FORECAST } })).toMatchObject({ priceAtomic: 4000 });
    expect(await db.offerProbe.count({ where: { offerId: FORECAST } })).toBe(1);
    expect(await db.offerHealth.count({ where: { offerId: FORECAST } })).toBe(1);
    // The other offer of the service was not changed by the file: its change stays open.
    expect(await change(alerts)).toMatchObject({ resolvedAt: null, resolution: null });
    expect(await routingStop(ALERTS)).not.toBeNull();
    expect(await db.offerProbe.count({ where: { offerId: ALERTS } })).toBe(1);
  });

  it("a refused file resolves nothing (the same transaction)", async () => {
    const forecast = await probed(FORECAST);
    const doc = records();
    doc.services[0]!.offers[0]!.priceUsd = "0.004";
    // The second service takes a slug another service owns: the whole file is refused.
    const owned = await db.service.findFirstOrThrow({
      where: { id: { notIn: ["svc_importtest01", "svc_importtest02"] } },
      select: { slug: true },
    });
    doc.services[1]!.slug = owned.slug;
    await expect(importCatalog(doc)).rejects.toBeInstanceOf(AppError);
    expect((await change(forecast)).resolvedAt).toBeNull();
    expect(await db.offer.findUniqueOrThrow({ where: { id: FORECAST } })).toMatchObject({ priceAtomic: 2000 });
  });

  it("two offers swapping endpoints keep their ids, rows and history", async () => {
    await probed(FORECAST);
    await probed(ALERTS);
    const doc = records();
    const [a, b] = doc.services[0]!.offers;
    [a!.path, b!.path] = [b!.path, a!.path];
    [a!.method, b!.method] = [b!.method, a!.method];
    expect(await importCatalog(doc)).toMatchObject({ updated: 1 });
    const offers = await db.offer.findMany({
      where: { serviceId: "svc_importtest01" },
      select: { id: true, method: true, path: true },
      orderBy: { id: "asc" },
    });
    expect(offers).toEqual([
      { id: FORECAST, method: "POST", path: "/v1/alerts" },
      { id: ALERTS, method: "GET", path: "/v1/forecast" },
    ]);
    for (const id of [FORECAST, ALERTS]) {
      expect(await db.offerProbe.count({ where: { offerId: id } })).toBe(1);
      expect(await routingStop(id)).toBeNull();
    }
    // An offer the file no longer lists is deleted (with what hangs on it).
    const fewer = records();
    fewer.services[0]!.offers = [fewer.services[0]!.offers[0]!];
    await importCatalog(fewer);
    expect(await db.offer.count({ where: { id: ALERTS } })).toBe(0);
    expect(await db.offerTermsChange.count({ where: { offerId: ALERTS } })).toBe(0);
  });

  it("a Bazaar list with the new payee resolves the change of that resource", async () => {
    const list = fixture("bazaar-list.json") as { items: { accepts: { payTo: string }[] }[] };
    await importCatalog(list);
    const offer = await db.offer.findFirstOrThrow({
      where: { service: { slug: "api-numbat-maps-example-io" }, path: "/geocode" },
      select: { id: true },
    });
    const open = await probed(offer.id);
    list.items[0]!.accepts[0]!.payTo = `0x${"22".repeat(20)}`;
    expect(await importCatalog(list)).toMatchObject({ updated: 1 });
    expect(await change(open)).toMatchObject({ resolution: "reimported", resolvedBy: "import" });
    expect(await db.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({
      payTo: `0x${"22".repeat(20)}`,
    });
  });
});
