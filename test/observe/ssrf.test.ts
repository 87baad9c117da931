// SSRF (reliability target 8) with OBSERVER_TEST_MODE off: 127.0.0.1, 0x7f000001, [::1],
// 169.254.169.254, names that resolve to private addresses (also when they resolve there only at
// connect time: DNS rebinding) and a redirect to one reach nothing — a loopback canary counts the
// connections it accepts and must see none. Positive controls show the canary does count.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { getServiceRecord } from "@/server/catalog/get-service";
import { useObserverOutbound } from "@/server/observe/observe-call";
import {
  createSafeOutbound,
  filteredLookup,
  ForbiddenAddressError,
  type Resolver,
} from "@/server/observe/safe-outbound";
import { startCanary, startProvider, type Canary, type TestProvider } from "./providers";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";
import { privateAddressUrls } from "./private-addresses";

const { createOffer, observedRow } = observerFixtures(db);

let canary: Canary;
let canary6: Canary | undefined;
let provider: TestProvider;
let agent: { token: string; tokenId: string };
beforeAll(async () => {
  expect(env.OBSERVER_TEST_MODE).toBe("false");
  canary = await startCanary();
  canary6 = await startCanary("::1").catch(() => undefined); // no IPv6 loopback on this machine
  provider = await startProvider();
  agent = await newToken();
});
afterAll(async () => {
  useObserverOutbound(undefined);
  await Promise.all([canary.close(), canary6?.close(), provider.close()]);
});
afterEach(() => useObserverOutbound(undefined));

const fakeDns =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`fake DNS: ${hostname} unknown`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

async function status(offerId: string): Promise<{ status: number; error: string }> {
  const res = await callObserver(offerId, { token: agent.token, key: newKey() });
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

describe("the observer route reaches no private address (test mode off)", () => {
  it("refuses literal loopback, private and metadata addresses in every spelling", async () => {
    const port = canary.port;
    const urls = privateAddressUrls(port, canary6?.port ?? port);
    for (const url of urls)
      expect(await status(await createOffer({ providerUrl: url, path: "/" })), url).toEqual({
        status: 409,
        error: "offer_not_routable",
      });
    expect(canary.connections()).toBe(0);
    expect(canary6?.connections() ?? 0).toBe(0);
  });

  it("refuses a public-looking name that resolves to loopback or a private address, at connect time", async () => {
    useObserverOutbound(
      createSafeOutbound({
        connectTimeoutMs: 2000,
        resolve: fakeDns({
          "api.provider.example": ["127.0.0.1"],
          "mixed.provider.example": ["93.184.216.34", "127.0.0.1"],
          "ten.provider.example": ["10.0.0.1"],
        }),
      }),
    );
    for (const host of ["api.provider.example", "mixed.provider.example", "ten.provider.example"]) {
      const offer = await createOffer({ providerUrl: `https://${host}:${canary.port}`, path: "/" });
      const key = newKey();
      const res = await callObserver(offer, { token: agent.token, key });
      expect(res.status, host).toBe(502);
      expect(await res.json()).toMatchObject({ error: "provider_unreachable" });
      expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({
        state: "retryable",
        outcome: "provider_unreachable",
      });
    }
    expect(canary.connections()).toBe(0);
  });

  it("a record stops promising a route once the observer found its name resolving to a refused address (issue 24 item 4)", async () => {
    useObserverOutbound(
      createSafeOutbound({
        connectTimeoutMs: 2000,
        resolve: fakeDns({ "rebound.provider.example": ["127.0.0.1"], "fine.provider.example": ["93.184.216.34"] }),
      }),
    );
    const offer = await createOffer({ providerUrl: `https://rebound.provider.example:${canary.port}`, path: "/" });
    const control = await createOffer({ providerUrl: "https://fine.provider.example", path: "/" });
    const routed = async (id: string) => {
      const { service } = await db.offer.findUniqueOrThrow({
        where: { id },
        select: { service: { select: { slug: true } } },
      });
      return (await getServiceRecord(service.slug)).service.offers.find((o) => o.id === id)!.routedByMarketplace;
    };
    expect(await routed(offer)).toBe(true); // nothing known yet: no DNS lookup on the listing path
    expect((await callObserver(offer, { token: agent.token, key: newKey() })).status).toBe(502);
    expect(await routed(offer)).toBe(false);
    expect(await routed(control)).toBe(true);
  });

  it("does not follow a provider's redirect to loopback (the 302 goes back to the agent)", async () => {
    // A provider the observer may reach (registered in test mode) answering 302 to the canary.
    const offer = await createOffer({
      providerUrl: provider.origin,
      path: `/redirect?to=${encodeURIComponent(`http://127.0.0.1:${canary.port}/secret`)}`,
      testMode: true,
    });
    const res = await callObserver(offer, { token: agent.token, key: newKey() });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`http://127.0.0.1:${canary.port}/secret`);
    expect(canary.connections()).toBe(0);
  });

  it("positive control: an offer in test mode does reach the canary (so the zero counts above mean something)", async () => {
    const before = canary.connections();
    const offer = await createOffer({ providerUrl: `http://127.0.0.1:${canary.port}`, path: "/", testMode: true });
    expect((await status(offer)).status).toBe(502); // the canary hangs up without answering
    expect(canary.connections()).toBe(before + 1);
  });
});

describe("safe outbound: the connect-time checks on their own", () => {
  const request = (url: string, allowLoopback = false) => ({
    url: new URL(url),
    method: "GET",
    headers: {},
    body: null,
    allowLoopback,
    timeoutMs: 3000,
    maxResponseBytes: 1024,
  });

  it("a lookup that resolves to 10.0.0.1 is refused (DNS rebinding: checked when connecting, not only when the offer was read)", async () => {
    const lookup = filteredLookup(fakeDns({ "rebind.example": ["10.0.0.1"] }), false);
    const err = await new Promise<Error | null>((resolve) => lookup("rebind.example", {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(ForbiddenAddressError);
    // The same lookup passes a public address through.
    const publicLookup = filteredLookup(fakeDns({ "public.example": ["93.184.216.34"] }), false);
    const found = await new Promise<[Error | null, string]>((resolve) =>
      publicLookup("public.example", {}, (e, address) => resolve([e, address as string])),
    );
    expect(found).toEqual([null, "93.184.216.34"]);
  });

  it("refuses a name that resolves to loopback, and literal forbidden hosts, without a connection", async () => {
    let asked = 0;
    const rebinding: Resolver = async () => {
      asked++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const outbound = createSafeOutbound({ connectTimeoutMs: 2000, resolve: rebinding });
    const start = canary.connections();
    try {
      for (const url of [
        `http://rebind.example:${canary.port}/`,
        `http://127.0.0.1:${canary.port}/`,
        `http://[::ffff:7f00:1]:${canary.port}/`,
        `http://0x7f000001:${canary.port}/`,
      ]) {
        expect(await outbound.send(request(url)), url).toMatchObject({ kind: "unreachable", sent: false });
      }
      expect(asked).toBe(1);
      expect(canary.connections()).toBe(start);
      // Positive control: with loopback allowed, the same name connects.
      const before = canary.connections();
      await outbound.send(request(`http://rebind.example:${canary.port}/`, true));
      expect(canary.connections()).toBe(before + 1);
    } finally {
      await outbound.close();
    }
  });

  it("refuses IPv4-compatible IPv6 (::a.b.c.d), literal or resolved, as not public: no connection is attempted", async () => {
    const outbound = createSafeOutbound({
      connectTimeoutMs: 2000,
      resolve: fakeDns({ "compat.example": ["::7f00:1"] }),
    });
    try {
      for (const url of [
        `http://[::7f00:1]:${canary.port}/`,
        `http://[::a9fe:a9fe]/`,
        `http://compat.example:${canary.port}/`,
      ]) {
        expect(await outbound.send(request(url)), url).toEqual({
          kind: "unreachable",
          sent: false,
          reason: "the provider's address is not a public one",
        });
      }
    } finally {
      await outbound.close();
    }
  });

  it("a connection that does not open within the connect timeout is 504 provider_timeout, retryable (nothing was sent)", async () => {
    const hanging: Resolver = () => new Promise(() => {}); // a DNS server that never answers
    const outbound = createSafeOutbound({ connectTimeoutMs: 300, resolve: hanging });
    const started = Date.now();
    expect(await outbound.send(request("https://slow-dns.example/"))).toEqual({ kind: "timeout", sent: false });
    expect(Date.now() - started).toBeLessThan(5000);
    useObserverOutbound(outbound);
    const offer = await createOffer({ providerUrl: "https://slow-dns.example", path: "/quote" });
    const key = newKey();
    const res = await callObserver(offer, { token: agent.token, key });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: "provider_timeout" });
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({
      state: "retryable",
      status: 504,
      outcome: "provider_timeout",
    });
  });
});
