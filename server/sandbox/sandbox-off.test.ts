// With X402_FACILITATOR_URL set (a real network) the sandbox is off: nothing starts or listens, the
// seeded sandbox offers say routedByMarketplace false, and the observer refuses them.
import { afterAll, describe, expect, it, vi } from "vitest";

vi.resetModules();
process.env.X402_FACILITATOR_URL = "https://facilitator.example";
process.env.X402_PAY_TO = `0x${"ab".repeat(20)}`;
const { runSandbox } = await import("./run-sandbox");
const { sandboxOn, sandboxOrigin } = await import("../sandbox-address");
const { db } = await import("@/server/db");
const { getServiceRecord } = await import("@/server/catalog/get-service");
const { callObserver, newKey, newToken } = await import("@/test/observe/observer");

afterAll(() => {
  delete process.env.X402_FACILITATOR_URL;
  delete process.env.X402_PAY_TO;
});

describe("the sandbox with a real facilitator", () => {
  it("is off: no origin, nothing listens, the offers are not routable and the observer refuses them", async () => {
    expect(sandboxOn()).toBe(false);
    expect(sandboxOrigin()).toBeNull();
    expect(sandboxOn({ enabled: true, facilitatorUrl: undefined, port: 4020 })).toBe(true);
    expect(sandboxOn({ enabled: false, facilitatorUrl: undefined, port: 4020 })).toBe(false);
    expect(await runSandbox()).toBeUndefined();

    const offer = await db.offer.findFirstOrThrow({
      where: { sandbox: true, protocol: "x402" },
      orderBy: { id: "asc" },
      select: { id: true, method: true, providerUrl: true, service: { select: { slug: true } } },
    });
    expect(offer.providerUrl).toBe(`http://127.0.0.1:4020/${offer.service.slug}`);
    const record = await getServiceRecord(offer.service.slug);
    expect(record.service.sandbox).toBe(true);
    expect(record.service.offers.every((o) => o.routedByMarketplace === false)).toBe(true);

    const { token } = await newToken("real network");
    const res = await callObserver(offer.id, {
      method: offer.method,
      token,
      key: newKey(),
      ...(offer.method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe("offer_not_routable");
  });
});
