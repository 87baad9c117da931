// The typed client pays with batch-settlement vouchers when its caps allow a channel deposit: one
// deposit (never above maxUsdPerDeposit), then a voucher per call, each counted against the caps; without
// a deposit cap it pays exact as before. Against the real app over HTTP (test/http/app-server.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { startAppServer, type AppServer } from "@/test/http/app-server";
import { payingClient, valueOf } from "@/test/http/typed-client";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app?.close());

const input = { outcome: "weather forecast API for delivery route planning", search: "terms" as const, limit: 3 };
const schemeOf = (signature: string) =>
  JSON.parse(Buffer.from(signature, "base64").toString("utf8")) as {
    accepted: { scheme: string };
    payload: { type?: string };
  };
const signedSince = (from: number) =>
  app.requests
    .slice(from)
    .flatMap((r) => (r.headers.get("payment-signature") ? [r.headers.get("payment-signature")!] : []));

describe("batch-settlement in the typed client", () => {
  it("deposits at most the deposit cap, then pays each call with a voucher", async () => {
    const { wallet, client } = await payingClient(app.url, { caps: { maxUsdPerDeposit: "0.005" } });
    const from = app.requests.length;
    for (let i = 0; i < 7; i++) {
      const bought = valueOf(await client.buyShortlist(input));
      expect(bought.status).toBe(200);
      expect(bought.spent).toMatchObject({ amountUsd: "0.001", atomic: "1000" });
    }
    const payloads = signedSince(from).map(schemeOf);
    expect(payloads.every((p) => p.accepted.scheme === "batch-settlement")).toBe(true);
    // A deposit of 5 purchases (the cap, under the server's suggested 10), 4 vouchers, then a top-up.
    expect(payloads.map((p) => p.payload.type)).toEqual([
      "deposit",
      "voucher",
      "voucher",
      "voucher",
      "voucher",
      "deposit",
      "voucher",
    ]);
    expect(await wallet.balance()).toBe(1_000_000n - 10_000n);
    expect(client.session.spentUsd).toBe("0.007");
    expect(await db.purchase.count({ where: { payer: wallet.address.toLowerCase(), state: "completed" } })).toBe(7);
  });

  it("without a deposit cap pays exact, one transfer per call", async () => {
    const { wallet, client } = await payingClient(app.url);
    const from = app.requests.length;
    valueOf(await client.buyShortlist(input));
    expect(signedSince(from).map((s) => schemeOf(s).accepted.scheme)).toEqual(["exact"]);
    expect(await wallet.balance()).toBe(1_000_000n - 1000n);
  });
});
