// POST /api/shop/{product}/validate end to end: the free check of a purchase body. Valid bodies
// answer 200, broken ones 400 with the issues a signed purchase would get; hostile input is a clear
// 4xx, never a 5xx; nothing is charged or written and no payment credential is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/server/input/json-depth";
import { db } from "@/server/db";
import { PRODUCT_LIST } from "@/server/products/products";
import { productSegment } from "@/server/products/product";
import { createTestAgent } from "@/test/payments/agent";
import { shopRoute, validateRoute } from "@/test/shop-route";
import { POST, GET, PUT } from "./route";

const BASE = "http://marketplace.test";
const request = (segment: string, body: string | undefined, headers: Record<string, string> = {}, method = "POST") =>
  new Request(`${BASE}/api/shop/${segment}/validate`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body,
  });
const check = (segment: string, body: unknown, headers?: Record<string, string>) =>
  validateRoute(segment).POST(request(segment, typeof body === "string" ? body : JSON.stringify(body), headers));

async function issuesOf(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  const json = (await res.json()) as { error: string; issues?: { path: string }[] };
  expect(json.error).toBe("invalid_request");
  return (json.issues ?? []).map((i) => i.path);
}

async function nothingWritten<T>(work: () => Promise<T>): Promise<T> {
  const [purchases, orders] = await Promise.all([db.purchase.count(), db.order.count()]);
  const result = await work();
  expect(await db.purchase.count()).toBe(purchases);
  expect(await db.order.count()).toBe(orders);
  return result;
}

describe("POST /api/shop/{product}/validate", () => {
  it.each(PRODUCT_LIST.map((p) => [p.id, p] as const))("%s: its published example is valid", async (_id, product) => {
    const res = await nothingWritten(() => check(productSegment(product), product.example));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, valid: true });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("shortlist: what a purchase needs beyond the published schema (outcome) is checked", async () => {
    expect(await issuesOf(await check("shortlist", {}))).toEqual(["outcome"]);
    expect(
      (
        await issuesOf(
          await check("shortlist", {
            outcome: "weather forecasts",
            limit: 9,
            conditions: [
              { id: "a", requirement: "x" },
              { id: "a", requirement: "y" },
            ],
          }),
        )
      ).sort(),
    ).toEqual(["conditions.1.id", "limit"]);
  });

  it("placement: schema issues, and a service the catalog does not have (a rule that needs data)", async () => {
    const placement = PRODUCT_LIST.find((p) => p.id === "placement")!;
    expect(
      (
        await issuesOf(await check("placements", { ...placement.example, targeting: {}, durationDays: 0, extra: 1 }))
      ).sort(),
    ).toEqual(["durationDays", "extra", "targeting"]);
    const unknown = await nothingWritten(() =>
      check("placements", { ...placement.example, service: "no-such-service" }),
    );
    expect(await unknown.json()).toEqual({
      error: "invalid_request",
      message: "The request is not valid.",
      issues: [{ path: "service", message: 'No catalogued service has the slug "no-such-service".' }],
    });
  });

  it("evaluation: missing contact, a bad e-mail address", async () => {
    expect(
      (
        await issuesOf(
          await check("evaluations", { service: "isobar-weather", scope: "Call the forecast offer ten times." }),
        )
      ).sort(),
    ).toEqual(["contact"]);
    expect(
      await issuesOf(
        await check("evaluations", {
          service: "isobar-weather",
          scope: "Call the forecast offer ten times.",
          contact: { email: "nope" },
        }),
      ),
    ).toEqual(["contact.email"]);
  });

  it("an empty body is {} (the missing fields are named); a body that is not JSON is invalid_json", async () => {
    expect((await issuesOf(await check("evaluations", ""))).sort()).toEqual(["contact", "scope", "service"]);
    const res = await check("evaluations", "{nope");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_json", message: "The body is not valid JSON." });
  });

  it("hostile input: deep nesting, NUL, lone surrogates are 400 with the path; a huge body 413 before it is read", async () => {
    const deep = `{"service":${"[".repeat(MAX_JSON_DEPTH + 5)}${"]".repeat(MAX_JSON_DEPTH + 5)}}`;
    const nested = await check("placements", deep);
    expect(nested.status).toBe(400);
    expect(await nested.json()).toMatchObject({ error: "invalid_request", issues: [{ path: "(body)" }] });

    const placement = PRODUCT_LIST.find((p) => p.id === "placement")!;
    expect(await issuesOf(await check("placements", { ...placement.example, headline: "free\u0000ad" }))).toEqual([
      "headline",
    ]);
    // A lone surrogate, as JSON escapes it (JSON.stringify of a lone surrogate writes \\udXXX).
    expect(
      await issuesOf(
        await check(
          "placements",
          JSON.stringify({ ...placement.example, body: "x" }).replace('"body":"x"', '"body":"\\ud800 ad"'),
        ),
      ),
    ).toEqual(["body"]);
    expect(await issuesOf(await check("placements", { ...placement.example, "\ud800": 1 }))).toContain("\ud800");

    const huge = await check("placements", JSON.stringify({ ...placement.example, body: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: "payload_too_large" });
  });

  it("never charges and needs no signature: a signed request is validated, the authorization stays usable", async () => {
    const agent = await createTestAgent();
    const signature = await agent.sign(
      (await shopRoute("shortlist").GET(new Request(`${BASE}/api/shop/shortlist`))).headers.get("payment-required")!,
    );
    const shortlist = PRODUCT_LIST.find((p) => p.id === "shortlist")!;
    const res = await nothingWritten(() => check("shortlist", shortlist.example, { "payment-signature": signature }));
    expect(res.status).toBe(200);
    expect(await agent.balance()).toBe(1_000_000n);
    // The same authorization then pays a real purchase.
    const paid = await shopRoute("shortlist").POST(
      new Request(`${BASE}/api/shop/shortlist`, {
        method: "POST",
        headers: { "content-type": "application/json", "payment-signature": signature },
        body: JSON.stringify({ ...shortlist.example, request_id: `validate-then-buy-${Date.now()}`, search: "terms" }),
      }),
    );
    expect(paid.status).toBe(200);
    expect(await agent.balance()).toBe(999_000n);
  });

  it("wrong methods are 405 JSON with Allow; an unknown product is 404 for every method", async () => {
    const params = { params: Promise.resolve({ product: "placements" }) };
    for (const res of [
      await GET(request("placements", undefined, {}, "GET"), params),
      await PUT(request("placements", "{}", {}, "PUT"), params),
    ]) {
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
    }
    for (const res of [
      await POST(request("nothing", "{}"), { params: Promise.resolve({ product: "nothing" }) }),
      await GET(request("nothing", undefined, {}, "GET"), { params: Promise.resolve({ product: "nothing" }) }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });

  it("property: whatever the body, a 200 or a 4xx with a code, never a 5xx", async () => {
    const placement = PRODUCT_LIST.find((p) => p.id === "placement")!;
    const text = () => fc.string({ unit: "binary", maxLength: 300 });
    const bodies = fc.oneof(
      fc.jsonValue({ stringUnit: "binary" }).map((v) => JSON.stringify(v)),
      text(),
      fc
        .record({
          service: fc.oneof(text(), fc.constant("isobar-weather"), fc.integer()),
          headline: text(),
          body: text(),
          targeting: fc.jsonValue(),
          durationDays: fc.oneof(fc.integer(), text()),
        })
        .map((v) => JSON.stringify({ ...placement.example, ...v })),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const res = await check("placements", body);
        expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true);
        const json = (await res.json()) as { error?: string };
        if (res.status !== 200) expect(["invalid_request", "invalid_json"]).toContain(json.error);
      }),
      { numRuns: 150 },
    );
  });
});
