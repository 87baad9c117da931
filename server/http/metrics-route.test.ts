// GET /metrics: never public by default (404 JSON with no token configured, for every method), 401
// with WWW-Authenticate for a missing or wrong bearer, the Prometheus text with the right one, 405
// with Allow for other methods; the proxy lets every method reach the route (JSON, not the HTML
// page refusal); and request durations are labelled with the route's pattern, never the raw path.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { refusalResponse } from "../proxy/handle-request";
import { db } from "../db";
import { deltas } from "@/test/metrics/metric-values";
import { shopRoute } from "@/test/shop-route";
import { metricsRoutes } from "./metrics-route";

const TOKEN = "metrics-test-token-0123456789abcdefABCDEF";
let configured: string | undefined = TOKEN;
const routes = metricsRoutes(() => configured);
afterEach(() => {
  configured = TOKEN;
});

const call = async (method: string, headers: Record<string, string> = {}) =>
  (routes as Record<string, (r: Request) => Response | Promise<Response>>)[method]!(
    new Request("http://marketplace.test/metrics", { method, headers }),
  );

// Every name of docs/metrics.md's table.
const NAMES = [
  "marketplace_purchases_total",
  "marketplace_payment_verify_duration_seconds",
  "marketplace_payment_settle_duration_seconds",
  "marketplace_reconciler_open_purchases",
  "marketplace_reconciler_oldest_open_purchase_age_seconds",
  "marketplace_batch_unclaimed_vouchers",
  "marketplace_observer_calls_total",
  "marketplace_observer_provider_duration_seconds",
  "marketplace_probe_results_total",
  "marketplace_rate_limit_refusals_total",
  "marketplace_http_request_duration_seconds",
  "marketplace_db_pool_connections",
  "marketplace_db_pool_waiting_requests",
];

describe("GET /metrics", () => {
  it("without METRICS_BEARER_TOKEN: the JSON 404 of an unknown path, whatever the method or credential", async () => {
    configured = undefined;
    for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const res = await call(method, { authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("www-authenticate")).toBeNull();
      expect(res.headers.get("allow")).toBeNull();
      if (method !== "HEAD") expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });

  it("401 JSON with WWW-Authenticate: Bearer for a missing, wrong, differently long or malformed bearer", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`u:${TOKEN}`).toString("base64")}`,
      TOKEN,
      `Bearer ${TOKEN} extra`,
      `Bearer ${"A".repeat(8000)}`,
    ]) {
      const res = await call("GET", authorization === undefined ? {} : { authorization });
      expect(res.status, authorization?.slice(0, 40)).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(await res.json()).toMatchObject({ error: "unauthorized", message: expect.any(String) });
    }
  });

  it("200 with the Prometheus text (version 0.0.4) for the right bearer: every metric, the process ones too", async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const res = await call("GET", { authorization });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const text = await res.text();
      for (const name of NAMES) expect(text).toContain(`# TYPE ${name} `);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    }
  });

  it("405 JSON with Allow for other methods; OPTIONS 204 with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await call(method, { authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
    }
    const options = await call("OPTIONS");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("the proxy refuses no method there (the route answers: JSON), unlike a page", () => {
    for (const method of ["GET", "POST", "DELETE"]) expect(refusalResponse(method, "/metrics", "")).toBeUndefined();
    expect(refusalResponse("TRACE", "/metrics", "")?.headers.get("content-type")).toContain("application/json");
    expect(refusalResponse("POST", "/services", "")?.status).toBe(405);
  });
});

describe("marketplace_http_request_duration_seconds", () => {
  let reviewId: string;
  beforeAll(async () => {
    reviewId = (await db.review.findFirstOrThrow({ where: { status: "published" }, select: { id: true } })).id;
  });
  const count = (route: string, method: string, status: string) =>
    ["marketplace_http_request_duration_seconds_count", { route, method, status }] as [string, Record<string, string>];

  it("moves per request under the route's pattern, never the raw path; a synchronous 402 is timed too", async () => {
    const reviewRoute = await import("@/app/api/reviews/[id]/route");
    const servicesRoute = await import("@/app/api/catalog/services/route");
    const moved = await deltas(
      {
        review: count("/api/reviews/{id}", "GET", "200"),
        reviewMissing: count("/api/reviews/{id}", "GET", "404"),
        reviewRaw: ["marketplace_http_request_duration_seconds_count", { route: `/api/reviews/${reviewId}` }],
        services: count("/api/catalog/services", "GET", "200"),
        servicesRefused: count("/api/catalog/services", "POST", "405"),
        challenge: count("/api/shop/shortlist", "GET", "402"),
        metrics: count("/metrics", "GET", "401"),
      },
      async () => {
        const get = (id: string) =>
          reviewRoute.GET(new Request(`http://marketplace.test/api/reviews/${id}`), {
            params: Promise.resolve({ id }),
          });
        expect((await get(reviewId)).status).toBe(200);
        expect((await get("00000000-0000-4000-8000-000000000000")).status).toBe(404);
        expect((await servicesRoute.GET(new Request("http://marketplace.test/api/catalog/services"))).status).toBe(200);
        const refused = servicesRoute.POST(
          new Request("http://marketplace.test/api/catalog/services", { method: "POST" }),
        );
        expect(refused.status).toBe(405);
        const { GET } = shopRoute("shortlist");
        expect((await GET(new Request("http://marketplace.test/api/shop/shortlist"))).status).toBe(402);
        expect((await call("GET")).status).toBe(401);
      },
    );
    expect(moved).toEqual({
      review: 1,
      reviewMissing: 1,
      reviewRaw: 0,
      services: 1,
      servicesRefused: 1,
      challenge: 1,
      metrics: 1,
    });
  });
});
