// The demo service in the catalog, through the catalog import with testMode.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { getServiceRecord } from "@/server/catalog/get-service";
import { routableProviderUrl } from "@/server/observe/offer-policy";
import { DEMO_OFFER_IDS, DEMO_SERVICE_SLUG } from "./catalog-entry";
import { registerDemoService } from "./register-demo-service";

describe("registerDemoService", () => {
  it("registers local-demo-provider with testMode offers the observer may call, and a new port updates the same rows", async () => {
    const first = await registerDemoService("http://127.0.0.1:4021");
    expect(first).toMatchObject({ services: 1, created: 1, offers: 2 });
    const record = await getServiceRecord(DEMO_SERVICE_SLUG);
    expect(record.service.offers.map((o) => [o.id, o.method, o.path, o.priceUsd, o.providerUrl])).toEqual([
      [DEMO_OFFER_IDS.quote, "GET", "/v1/quote", "0.001", "http://127.0.0.1:4021"],
      [DEMO_OFFER_IDS.summarize, "POST", "/v1/summarize", "0.002", "http://127.0.0.1:4021"],
    ]);
    expect(record.service.offers[0]!.quickstart).toContain(`/api/x402/observe/${DEMO_OFFER_IDS.quote}?symbol=ACME'`);
    const rows = await db.offer.findMany({ where: { id: { in: Object.values(DEMO_OFFER_IDS) } } });
    expect(rows.every((o) => o.testMode && o.network === "eip155:84532")).toBe(true);
    // Loopback over http is routable for these offers only because they are test-mode offers.
    for (const o of rows) {
      expect(routableProviderUrl(o, { testMode: false, localPayments: true }).ok).toBe(true);
      expect(routableProviderUrl({ ...o, testMode: false }, { testMode: false, localPayments: true }).ok).toBe(false);
    }

    const again = await registerDemoService("http://127.0.0.1:5055");
    expect(again).toMatchObject({ services: 1, created: 0, updated: 1 });
    expect((await getServiceRecord(DEMO_SERVICE_SLUG)).service.offers.map((o) => o.providerUrl)).toEqual([
      "http://127.0.0.1:5055",
      "http://127.0.0.1:5055",
    ]);
    expect(await db.service.count({ where: { slug: DEMO_SERVICE_SLUG } })).toBe(1);
  });
});
