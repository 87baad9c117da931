// The catalog API served by the built app.
import { expect, test } from "@playwright/test";
import { createToken } from "../ui/pages/review-pages";

test("catalog list and service record", async ({ request, baseURL }) => {
  const res = await request.get("/api/catalog/services?capability=storage&limit=3");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/json");
  const body = await res.json();
  expect(body.services).toHaveLength(3);
  const slug = body.services[0].slug;
  const rec = await (await request.get(`/api/catalog/services/${slug}`)).json();
  expect(rec).toMatchObject({
    schemaVersion: 1,
    dataMode: "snapshot+live-reviews",
    service: { surface: { subjectSlug: slug } },
  });
  for (const o of rec.service.offers) expect(o.callUrl).toBe(`${baseURL}/api/x402/observe/${o.id}`);
  // Every link answers from the observer: without a token, its 401 JSON (never a 404).
  for (const o of rec.service.offers) {
    const followed = await request.fetch(o.callUrl, {
      method: o.method,
      headers: { "Idempotency-Key": `e2e-catalog-${o.id}` },
    });
    expect(followed.status(), o.callUrl).toBe(401);
    expect(await followed.json()).toMatchObject({ error: "unauthorized" });
  }
});

test("the demo offer's callUrl, with a token, answers with the provider's 402", async ({ request, baseURL }) => {
  const rec = await (await request.get("/api/catalog/services/local-demo-provider")).json();
  const token = await createToken();
  for (const o of rec.service.offers as { id: string; method: string; callUrl: string; priceUsd: string }[]) {
    expect(o.callUrl).toBe(`${baseURL}/api/x402/observe/${o.id}`);
    const headers = {
      "X-Marketplace-Token": token,
      "Idempotency-Key": `e2e-catalog-${o.id}-${Date.now()}`,
      "Content-Type": "application/json",
    };
    const res = await request.fetch(o.method === "GET" ? `${o.callUrl}?symbol=ACME` : o.callUrl, {
      method: o.method,
      headers,
      data: o.method === "POST" ? { text: "Hello there." } : undefined,
    });
    expect(res.status(), o.callUrl).toBe(402);
    const required = JSON.parse(Buffer.from(res.headers()["payment-required"]!, "base64").toString("utf8"));
    expect(required.accepts[0]).toMatchObject({
      network: "eip155:84532",
      amount: String(Math.round(Number(o.priceUsd) * 1e6)),
    });
  }
});

test("catalog errors are JSON", async ({ request }) => {
  const missing = await request.get("/api/catalog/services/no-such-service");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ error: "not_found" });
  const bad = await request.get("/api/catalog/services?tested=maybe");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: "invalid_request", issues: [{ path: "tested" }] });
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const res = await request.get("/api/no/such/endpoint");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: "not_found" });
});

test("free search API ranks by relevance", async ({ request }) => {
  const res = await request.get("/api/catalog/search?q=Isobar%20Weather&limit=3");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.services[0].slug).toBe("isobar-weather");
});
