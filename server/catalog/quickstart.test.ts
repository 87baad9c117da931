import { randomBytes } from "node:crypto";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as observeRoute from "@/app/api/x402/observe/[offerId]/route";
import { createMarketplaceToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";
import { startDemoProvider, type DemoProvider } from "@/server/demo-provider/start-demo-provider";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { createTestAgent } from "@/test/payments/agent";
import { getServiceRecord } from "./get-service";
import { buildQuickstart } from "./quickstart";

describe("buildQuickstart", () => {
  it("builds a GET call with the example query through the call URL", () => {
    const q = buildQuickstart({
      method: "GET",
      callUrl: "http://m.test/api/x402/observe/off_1",
      exampleInput: { city: "São Paulo", days: 3 },
    });
    expect(q.split(" \\\n  ")).toEqual([
      "curl -s",
      "'http://m.test/api/x402/observe/off_1?city=S%C3%A3o+Paulo&days=3'",
      '-H "X-Marketplace-Token: $MARKETPLACE_TOKEN"',
      '-H "Idempotency-Key: $(uuidgen)"',
    ]);
  });
  it("builds a POST call with a shell-safe JSON body", () => {
    const q = buildQuickstart({ method: "POST", callUrl: "http://m.test/x", exampleInput: { text: "it's" } });
    expect(q.startsWith("curl -s -X POST \\\n  'http://m.test/x' \\\n")).toBe(true);
    expect(q).toContain(`-d '{"text":"it'\\''s"}'`);
    expect(q).toContain('-H "Content-Type: application/json"');
  });
});

// What the shell makes of a quickstart: method, URL, headers and body, with the variables set.
function runQuickstart(quickstart: string, vars: { token?: string; key: string }) {
  const unquote = (s: string) => s.replace(/^'|'$/g, "").replace(/'\\''/g, "'");
  const parts = quickstart.split(" \\\n  ");
  const method = parts[0] === "curl -s -X POST" ? "POST" : "GET";
  const url = unquote(parts[1]!);
  const headers = new Headers();
  let body: string | undefined;
  for (const part of parts.slice(2)) {
    const header = /^-H "([^:]+): (.*)"$/.exec(part);
    if (header) {
      const value = header[2]!.replace("$(uuidgen)", vars.key).replace("$MARKETPLACE_TOKEN", vars.token ?? "");
      if (value) headers.set(header[1]!, value);
    } else if (part.startsWith("-d ")) body = unquote(part.slice(3));
    else throw new Error(`unexpected quickstart part: ${part}`);
  }
  return { method, url, headers, body };
}

/** Follows a quickstart as the app's router would: the handler of the URL's route, with its offer id. */
function follow(
  quickstart: string,
  vars: { token?: string; key: string },
  extra: Record<string, string> = {},
): Promise<Response> {
  const { method, url, headers, body } = runQuickstart(quickstart, vars);
  for (const [k, v] of Object.entries(extra)) headers.set(k, v);
  const match = /^\/api\/x402\/observe\/([^/]+)$/.exec(new URL(url).pathname);
  if (!match) throw new Error(`the quickstart does not call the observer: ${url}`);
  const handler = (
    observeRoute as unknown as Record<
      string,
      (r: Request, c: { params: Promise<{ offerId: string }> }) => Promise<Response>
    >
  )[method]!;
  return handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve({ offerId: decodeURIComponent(match[1]!) }),
  });
}

describe("the quickstart of a service record answers from the observer", () => {
  let provider: DemoProvider;
  let slug: string;
  const offerIds = {
    get: `test-qs-${randomBytes(5).toString("hex")}`,
    post: `test-qs-${randomBytes(5).toString("hex")}`,
  };

  beforeAll(async () => {
    provider = await startDemoProvider({ facilitator: createLocalFacilitator() });
    // Two test-mode offers of the demo provider on a seeded service (loopback is allowed for test-mode
    // offers while payments settle on the local ledger).
    const service = await db.service.findFirstOrThrow({
      where: { offers: { none: { path: { in: ["/v1/quote", "/v1/summarize"] } } } },
      select: { id: true, slug: true },
    });
    slug = service.slug;
    const common = {
      serviceId: service.id,
      providerUrl: provider.url,
      priceAtomic: 1000,
      docsUrl: "https://example.com/docs",
      position: 999,
      testMode: true,
      description: "demo",
    };
    await db.offer.create({
      data: { ...common, id: offerIds.get, method: "GET", path: "/v1/quote", exampleInput: { symbol: "ACME" } },
    });
    await db.offer.create({
      data: {
        ...common,
        id: offerIds.post,
        method: "POST",
        path: "/v1/summarize",
        priceAtomic: 2000,
        exampleInput: { text: "One sentence. Two!" },
      },
    });
  });
  afterAll(async () => {
    await db.offer.deleteMany({ where: { id: { in: Object.values(offerIds) } } });
    await provider.close();
  });

  const quickstartOf = async (offerId: string) =>
    (await getServiceRecord(slug)).service.offers.find((o) => o.id === offerId)!.quickstart;
  const key = () => `qs-${randomBytes(8).toString("hex")}`;

  it("without a token: the observer's 401 JSON, and the provider is not called", async () => {
    const before = provider.hits();
    const res = await follow(await quickstartOf(offerIds.get), { key: key() });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "unauthorized" });
    expect(provider.hits()).toBe(before);
  });

  it("with a token: the provider's 402 passes through, and paying the same call returns the product", async () => {
    const { token } = await createMarketplaceToken(null, "quickstart test");
    for (const [offerId, path] of [
      [offerIds.get, "/v1/quote"],
      [offerIds.post, "/v1/summarize"],
    ] as const) {
      const quickstart = await quickstartOf(offerId);
      const k = key();
      const unpaid = await follow(quickstart, { token, key: k });
      expect(unpaid.status).toBe(402);
      const required = decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!);
      expect(required.resource.url).toBe(`${provider.url}${path}`);
      expect((await unpaid.json()).error).toBe("payment_required");

      const agent = await createTestAgent(1);
      const paid = await follow(
        quickstart,
        { token, key: k },
        { "payment-signature": await agent.sign(unpaid.headers.get("payment-required")!) },
      );
      expect(paid.status).toBe(200);
      expect(await paid.json()).toMatchObject({ ok: true, product: path === "/v1/quote" ? "quote" : "summarize" });
      expect(provider.hits(path)).toBe(2);
    }
  });
});
