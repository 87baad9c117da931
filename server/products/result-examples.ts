// A short but complete success body of each product: what the `bazaar` extension of its 402 shows as
// the output example (beside an outline of the result schema), so a crawler or an agent reading the
// 402 alone sees what it buys. Built with the configured base URL; each parses with the product's
// resultSchema (result-examples.test.ts), so an example cannot drift from the answer's shape.
// Deliberately small (one match, one condition): x402 clients echo the declared extensions into
// PAYMENT-SIGNATURE, so every byte here is sent again with each payment.
import { urls } from "../catalog/urls";
import { baseUrl } from "../env";

const AT = "2026-12-01T00:00:00.000Z";
const ANSWER = { ok: true, idempotentReplay: false } as const;

export function shortlistResultExample(): Record<string, unknown> {
  const slug = "isobar-weather";
  const offerId = "isobar-weather-hourly";
  return {
    ...ANSWER,
    requestId: "shortlist-example-0001",
    shortlist: {
      query: {
        outcome: "Hourly weather forecasts for delivery route planning, paid per request by an agent",
        conditions: [{ id: "pay-per-call", requirement: "pay per request with x402", priority: "must" }],
        constraints: { protocol: "x402", maxPriceUsd: 0.05 },
        search: "all",
        limit: 5,
      },
      matches: [
        {
          rank: 1,
          service: {
            id: slug,
            slug,
            name: "Isobar Weather",
            website: "https://isobarweather.com",
            profileUrl: urls.serviceProfile(slug),
            primaryCapability: "maps-weather",
          },
          score: 0.86,
          fitReasons: ["Hourly forecast for any coordinate, up to 240 hours ahead"],
          conditions: [
            {
              id: "pay-per-call",
              requirement: "pay per request with x402",
              priority: "must",
              status: "met",
              evidence: { text: "GET /v1/forecast/hourly: 0.002 USD per call over x402", source: "offer" },
            },
          ],
          reputation: {
            rating: 4.5,
            reviewRating: 4.5,
            reviewCount: 4,
            humanReviewedCount: 1,
            verifiedReviewCount: 2,
            verifiedPurchaseReviewCount: 1,
            lastReviewAt: AT,
          },
          links: { profile: urls.serviceProfile(slug), purchase: urls.offerCall(offerId), docs: urls.docs() },
          offers: [
            {
              id: offerId,
              protocol: "x402",
              method: "GET",
              path: "/v1/forecast/hourly",
              priceUsd: "0.002",
              callUrl: urls.offerCall(offerId),
            },
          ],
        },
      ],
      excluded: [],
      catalogObservedAt: AT,
      generatedAt: AT,
    },
  };
}

export function queuedResultExample(product: "placement" | "evaluation"): Record<string, unknown> {
  const id = "0b7f9c1e-4d2a-4c3b-9e8f-1a2b3c4d5e6f";
  return {
    ...ANSWER,
    requestId: `${product}-example-0001`,
    order: {
      id,
      product,
      status: "queued",
      statusUrl: `${baseUrl}/api/shop/orders/${id}`,
      statusAuthorization: "osa_example-credential-shown-once",
      createdAt: AT,
    },
  };
}

export function adResultExample(): Record<string, unknown> {
  return {
    ...ANSWER,
    requestId: "ad-example-0001",
    ad: {
      id: "5c1d2e3f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
      headline: "Hourly forecasts, paid per call",
      body: "Forecasts for any coordinate, 0.001 USD a request over x402.",
      url: urls.serviceProfile("isobar-weather"),
      sponsored: true,
      service: { slug: "isobar-weather", name: "Isobar Weather" },
    },
  };
}
