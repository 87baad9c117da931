// The catalog API served by the built app.
import { expect, test } from "@playwright/test";

test("catalog list and service record", async ({ request, baseURL }) => {
  const res = await request.get("/api/catalog/services?capability=storage&limit=3");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/json");
  const body = await res.json();
  expect(body.services).toHaveLength(3);
  const slug = body.services[0].slug;
  const rec = await (await request.get(`/api/catalog/services/${slug}`)).json();
  expect(rec).toMatchObject({ schemaVersion: 1, dataMode: "snapshot+live-reviews", service: { surface: { subjectSlug: slug } } });
  for (const o of rec.service.offers) expect(o.callUrl).toBe(`${baseURL}/api/x402/observe/${o.id}`);
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
