// The 402 answered with no await (payment-route.ts, PaymentRuntime.readyChallenge): once a product's
// challenge is built, GET and an unsigned POST of its own route return a Response, not a promise,
// with the very bytes of the async way; anything carrying a payment for the product still takes the
// purchase path; and a product sold over MPP drops its ready challenge when its window closes.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as placementsRoute from "@/app/api/shop/placements/route";
import * as shortlistRoute from "@/app/api/shop/shortlist/route";
import { paymentConfigFromEnv } from "@/server/payments/payment-config";
import { createPaymentRuntime } from "@/server/payments/payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { describeProduct, readyDescription } from "@/server/payments/purchase-flow";
import { MPP_CHALLENGE_LIFETIME_S, MPP_CHALLENGE_WINDOW_S, windowCloses } from "@/server/payments/mpp/mpp-challenges";
import { placementProduct } from "@/server/products/placement-product";
import { shortlistProduct } from "@/server/products/shortlist-product";

type Answer = Response | Promise<Response>;

async function snapshot(answer: Answer) {
  const res = await answer;
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

const url = (segment: string) => `http://marketplace.test/api/shop/${segment}`;
const post = (segment: string, headers: Record<string, string> = {}) =>
  new Request(url(segment), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: "{}",
  });

// An MPP credential's envelope: the route only looks at the scheme before choosing its path.
const MPP_AUTHORIZATION = "Payment eyJub3QiOiJhIGNyZWRlbnRpYWwifQ";

afterEach(() => vi.useRealTimers());

describe("a product's own route answers its built 402 synchronously", () => {
  for (const [segment, route] of [
    ["shortlist", shortlistRoute],
    ["placements", placementsRoute],
  ] as const) {
    it(`${segment}: GET and unsigned POST return a Response (not a promise) with the async way's exact bytes`, async () => {
      const first = await snapshot(route.GET(new Request(url(segment)))); // builds the challenge if no test did yet
      const get = route.GET(new Request(url(segment)));
      const unsigned = route.POST(post(segment));
      expect(get).toBeInstanceOf(Response);
      expect(unsigned).toBeInstanceOf(Response);
      const asyncWay = await describeProduct(
        paymentRuntime(),
        segment === "shortlist" ? shortlistProduct : placementProduct,
      );
      for (const answer of [await snapshot(get), await snapshot(unsigned), first]) {
        expect(answer.status).toBe(402);
        expect(answer.body).toBe(asyncWay.body);
        expect(Object.fromEntries(answer.headers)).toEqual(asyncWay.headers);
      }
    });
  }

  it("a POST carrying a payment for the product takes the purchase path", async () => {
    await shortlistRoute.GET(new Request(url("shortlist")));
    const signed = shortlistRoute.POST(post("shortlist", { "payment-signature": "bm90IGEgc2lnbmF0dXJl" }));
    expect(signed).toBeInstanceOf(Promise);
    const refused = await signed; // a signed POST's body is validated first: {} has no outcome
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_request");
    await placementsRoute.GET(new Request(url("placements")));
    const mpp = placementsRoute.POST(post("placements", { authorization: MPP_AUTHORIZATION }));
    expect(mpp).toBeInstanceOf(Promise);
    const mppRefused = await mpp;
    expect(mppRefused.status).toBe(400);
    expect(((await mppRefused.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("`Authorization: Payment` on a product not sold over MPP is no payment: the ready 402", async () => {
    await shortlistRoute.GET(new Request(url("shortlist")));
    const answer = shortlistRoute.POST(post("shortlist", { authorization: MPP_AUTHORIZATION }));
    expect(answer).toBeInstanceOf(Response);
    expect((await answer).status).toBe(402);
  });
});

describe("the ready challenge of a runtime", () => {
  it("is absent until the challenge is built, then the same object; nothing when payment is off", async () => {
    const runtime = createPaymentRuntime(paymentConfigFromEnv(), PRODUCT_LIST);
    expect(runtime.readyChallenge(shortlistProduct)).toBeUndefined();
    expect(readyDescription(runtime, shortlistProduct)).toBeUndefined();
    const built = await runtime.challenge(shortlistProduct);
    expect(runtime.readyChallenge(shortlistProduct)).toBe(built);
    expect(readyDescription(runtime, shortlistProduct)).toBe(readyDescription(runtime, shortlistProduct));
    const off = createPaymentRuntime({ ...paymentConfigFromEnv(), payTo: null }, PRODUCT_LIST);
    expect(off.readyChallenge(shortlistProduct)).toBeUndefined();
  });

  it("of a product sold over MPP lasts until its window closes; the next 402 carries the next window's challenges", async () => {
    const W = MPP_CHALLENGE_WINDOW_S * 1000;
    // Two seconds before a window closes, on a clock that keeps running (the database still answers).
    const closes = windowCloses(Date.now()) + W;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true, now: closes - 2000 });
    const runtime = createPaymentRuntime(paymentConfigFromEnv(), PRODUCT_LIST);
    const first = await runtime.challenge(placementProduct);
    expect(runtime.readyChallenge(placementProduct)).toBe(first);
    const expiry = (header: string) => /expires="([^"]+)"/.exec(header)?.[1];
    expect(expiry(first.wwwAuthenticate!)).toBe(new Date(closes + MPP_CHALLENGE_LIFETIME_S * 1000).toISOString());
    await vi.advanceTimersByTimeAsync(2500);
    expect(runtime.readyChallenge(placementProduct)).toBeUndefined();
    const next = await runtime.challenge(placementProduct);
    expect(expiry(next.wwwAuthenticate!)).toBe(new Date(closes + W + MPP_CHALLENGE_LIFETIME_S * 1000).toISOString());
    expect(runtime.readyChallenge(placementProduct)).toBe(next);
    expect(next.header).toBe(first.header); // the x402 part never changes
  });
});
