// The typed client when the marketplace cannot finish: an HTTP facilitator that hangs after the
// transfer (settlement_unknown, retried with the same key and payment: charged once), one that is
// down (503 unavailable, nothing charged, reservation released), and a client past its rate limit
// (429 rate_limited). The real routes over HTTP, the facilitator's ledger in the test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import type { MarketplaceError } from "./marketplace-client";

// Set before server/env.ts is first imported: every module that reads it loads after this.
const facilitatorPort = await freePort();
Object.assign(process.env, {
  X402_FACILITATOR_URL: `http://127.0.0.1:${facilitatorPort}`,
  X402_PAY_TO: `0x${"9a".repeat(20)}`,
  X402_FACILITATOR_TIMEOUT_MS: "400",
  RATE_LIMIT_SEARCH_PER_MINUTE: "2",
  RATE_LIMIT_CATALOG_PER_MINUTE: "1",
});
const facilitator = await (
  await import("@/test/payments/faulty-facilitator")
).startFaultyFacilitator({ port: facilitatorPort });
facilitator.hangMs = 1500;
const { createMarketplaceClient } = await import("./marketplace-client");
const { startAppServer } = await import("@/test/http/app-server");
const { errorOf, payingClient } = await import("@/test/http/typed-client");

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app?.close();
  await facilitator.close();
});

const input = { outcome: "weather forecast API for delivery route planning", search: "terms" as const, limit: 3 };

describe("faults", () => {
  // The catalog group allows one request a minute here: the purchases' free validation is refused
  // (429) after the first, and the purchases go on without it.
  it("facilitator down before the terms: 503 unavailable with retry advice, nothing signed", async () => {
    const { wallet, client } = await payingClient(app.url);
    await facilitator.down();
    try {
      const e = errorOf(await client.buyShortlist(input));
      expect(e).toMatchObject({
        kind: "unavailable",
        status: 503,
        code: "facilitator_unavailable",
        retry: { sameIdempotencyKey: true },
      });
      expect(e.retry!.advice).toMatch(/nothing was charged/);
    } finally {
      await facilitator.up();
    }
    expect(await wallet.balance()).toBe(1_000_000n);
    expect(client.session.spentUsd).toBe("0.00");
  });

  it("facilitator down at verify (after signing): unavailable, reservation released; the same key then pays once", async () => {
    const { wallet, client } = await payingClient(app.url);
    expect((await client.describeProduct("shortlist")).ok).toBe(true); // the challenge is built while it is up
    await facilitator.down();
    let key: string;
    try {
      const e = errorOf(await client.buyShortlist(input));
      expect(e).toMatchObject({ kind: "unavailable", status: 503, code: "facilitator_unavailable" });
      key = e.idempotencyKey!;
      expect(client.session.spentUsd).toBe("0.00");
    } finally {
      await facilitator.up();
    }
    const retry = await client.buyShortlist(input, { idempotencyKey: key });
    expect(retry.ok && retry.value.spent?.atomic).toBe("1000");
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session.spentUsd).toBe("0.001");
  });

  it("settlement unknown (settle hangs after the transfer): settlement_unknown with same-key same-payment advice, still reserved; the retry completes, charged once", async () => {
    const { wallet, client } = await payingClient(app.url);
    facilitator.settleFault = "hang-after-settle";
    let e: MarketplaceError;
    try {
      e = errorOf(await client.buyShortlist(input));
    } finally {
      facilitator.settleFault = "none";
    }
    expect(e).toMatchObject({
      kind: "settlement_unknown",
      status: 503,
      code: "settlement_unknown",
      retry: { sameIdempotencyKey: true, samePayment: true },
    });
    expect(e.retry!.advice).toMatch(/retry with the same Idempotency-Key and the same PAYMENT-SIGNATURE/);
    expect(e.retry!.afterSeconds).toEqual(expect.any(Number));
    expect(client.session.spentUsd).toBe("0.001"); // money may have moved
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);

    const retry = await client.buyShortlist(input, { idempotencyKey: e.idempotencyKey });
    if (!retry.ok) throw new Error(JSON.stringify(retry.error));
    expect(retry.value.status).toBe(200);
    expect(retry.value.value.shortlist.matches.length).toBeGreaterThan(0);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
    expect(client.session.spentUsd).toBe("0.001");
  });

  it("past the rate limit: rate_limited with Retry-After in the advice", async () => {
    const client = createMarketplaceClient({ baseUrl: app.url });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await client.searchServices({ limit: 0 }));
    expect(errorOf(results[0]!)).toMatchObject({ kind: "invalid_request" });
    const limited = errorOf(results[2]!);
    expect(limited).toMatchObject({
      kind: "rate_limited",
      status: 429,
      code: "rate_limited",
      retry: { afterSeconds: expect.any(Number) },
    });
    expect(limited.retry!.afterSeconds).toBeGreaterThan(0);
  });
});
