// Sponsored placements never enter the organic results (specification: "Sponsored placements are
// excluded from the shortlist"; decisions.md §4, §6): an active placement's text appears in no
// shortlist, search or catalog answer, and the organic ranking is the same with it as without.
import { describe, expect, it } from "vitest";
import { GET as searchGET } from "@/app/api/catalog/search/route";
import { GET as servicesGET } from "@/app/api/catalog/services/route";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { buildShortlist } from "@/server/shortlist/build-shortlist";
import { activatePlacement, buyPlacement } from "@/test/ads/placements";
import { sponsoredSlot } from "./sponsored-slot";

// Words no catalog record contains, in the ad's headline and body; the rest of the ad is written to
// match the organic queries below as strongly as it can.
const HEADLINE = "Best hourly weather forecasts Quorvantix";
const BODY = "Zephrilune weather forecast API for delivery route planning, paid per call with x402.";
const MARKERS = ["Quorvantix", "Zephrilune"];

const NOW = new Date("2026-11-23T12:00:00Z");
const shortlist = (outcome: string) =>
  buildShortlist({ outcome, search: "all", limit: 5, conditions: ["pay per request with x402"] }, NOW);
const search = async (q: string) =>
  (
    await searchGET(new Request(`http://marketplace.test/api/catalog/search?q=${encodeURIComponent(q)}&limit=20`))
  ).json();
const services = async (query: string) =>
  (await servicesGET(new Request(`http://marketplace.test/api/catalog/services?${query}`))).json();

async function organicAnswers() {
  return {
    shortlist: await shortlist("hourly weather forecasts for delivery route planning"),
    shortlistByAdWords: await shortlist(`${HEADLINE} ${BODY}`),
    search: await search("weather forecast"),
    searchByAdWords: await search(MARKERS.join(" ")),
    searchByHeadline: await search(HEADLINE),
    services: await services("capability=maps-weather&limit=100"),
    servicesByQuery: await services(`q=${encodeURIComponent("weather forecast")}&limit=100`),
    servicesByAdWords: await services(`q=${encodeURIComponent(MARKERS[0]!)}`),
  };
}

describe("placements stay out of organic results", () => {
  it("an active placement's text is in no shortlist, search or catalog answer, and the ranking is unchanged", async () => {
    const without = await organicAnswers();
    // A service that is not first for these queries, so an ad that leaked into ranking would show.
    const promoted = (without.search as { services: { slug: string }[] }).services.at(-1)!.slug;
    const orderId = await buyPlacement(paymentRuntime(), {
      service: promoted,
      headline: HEADLINE,
      body: BODY,
      targeting: { capabilities: ["maps-weather"], query: "hourly weather forecast delivery route planning" },
    });
    await activatePlacement(orderId);
    // It is live: the sponsored slot shows it for these filters.
    expect(await sponsoredSlot({ q: "weather forecast" })).toMatchObject({
      id: orderId,
      headline: HEADLINE,
      sponsored: true,
    });

    const withAd = await organicAnswers();
    expect(withAd).toEqual(without);
    // The results, without the echoed queries (which contain the ad's words by construction).
    const results = [
      withAd.shortlist.matches,
      withAd.shortlistByAdWords.matches,
      ...[
        withAd.search,
        withAd.searchByAdWords,
        withAd.searchByHeadline,
        withAd.services,
        withAd.servicesByQuery,
        withAd.servicesByAdWords,
      ].map((r) => (r as { services: unknown[] }).services),
    ];
    expect(results.every(Array.isArray)).toBe(true);
    const text = JSON.stringify(results);
    for (const marker of MARKERS) expect(text).not.toContain(marker);
    expect(text).not.toContain(orderId);
  });
});
