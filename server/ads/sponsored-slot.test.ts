// The sponsored slot of /services: the ad the rotation would serve next for the page's filters,
// shown without counting as a paid serve; nothing when no placement is active.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { adProduct } from "@/server/products/ad-product";
import { signedOutCaller } from "@/server/trpc/test-callers";
import { activatePlacement, buyPlacement, expirePlacement, servesOf } from "@/test/ads/placements";
import { sponsoredSlot } from "./sponsored-slot";

const runtime = paymentRuntime();

describe("sponsored slot", () => {
  it("nothing before any placement is active; then the next in rotation for the filters, never counted", async () => {
    const caller = await signedOutCaller();
    expect(await caller.catalog.sponsored({})).toBeNull();
    expect(await caller.catalog.sponsored({ capability: "maps-weather" })).toBeNull();

    const words = `slot${randomUUID().slice(0, 8)}`;
    const weather = await buyPlacement(runtime, {
      targeting: { capabilities: ["maps-weather"] },
      headline: "Weather ad",
    });
    const byQuery = await buyPlacement(runtime, {
      service: "isobar-weather",
      targeting: { query: `${words} tides` },
      headline: "Query ad",
    });
    await activatePlacement(weather, new Date(Date.now() - 2000));
    await activatePlacement(byQuery, new Date(Date.now() - 1000));

    expect(await caller.catalog.sponsored({ capability: "maps-weather" })).toMatchObject({
      id: weather,
      headline: "Weather ad",
      sponsored: true,
    });
    expect(await caller.catalog.sponsored({ q: `${words} timetable` })).toMatchObject({ id: byQuery, sponsored: true });
    expect(await caller.catalog.sponsored({ capability: "social" })).toBeNull();
    expect(await caller.catalog.sponsored({ q: "the api" })).toBeNull();
    // No filters: every active placement is eligible; the earliest activated goes first.
    expect(await caller.catalog.sponsored({})).toMatchObject({ id: weather });
    // Shown many times, counted never.
    for (let i = 0; i < 5; i++) await sponsoredSlot({});
    expect(await servesOf([weather, byQuery])).toEqual([0, 0]);

    // A paid serve moves the rotation on: the slot now shows the other one.
    await adProduct.fulfil(
      { context: { capability: "maps-weather", query: `${words}` } },
      {
        purchaseId: randomUUID(),
        idempotencyKey: "slot-test-0001",
        payer: "0x0000000000000000000000000000000000000003",
      },
    );
    expect(await servesOf([weather, byQuery])).toEqual([1, 0]);
    expect(await caller.catalog.sponsored({})).toMatchObject({ id: byQuery });

    await expirePlacement(byQuery);
    expect(await caller.catalog.sponsored({ q: words })).toBeNull();
  });

  it("refuses bad filters as bad input", async () => {
    const caller = await signedOutCaller();
    await expect(caller.catalog.sponsored({ capability: "nope" as "search" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(caller.catalog.sponsored({ q: "x".repeat(201) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.catalog.sponsored({ q: "bad \u0000" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
