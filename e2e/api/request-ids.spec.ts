// Request ids on the running marketplace: every kind of answer carries X-Request-Id (pages, routes
// behind proxy.ts and routes that skip it, a 402, 404s, a 405), a client's well-formed id or
// traceparent is kept and a hostile one replaced; and a paid purchase's log lines (the app's log,
// which scripts/e2e.ts keeps in the data directory) carry its request id, one line per step.
import { readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { fundedAgent } from "../local-ledger";

const FRESH = /^[0-9a-f]{32}$/;

test("every answer carries X-Request-Id, a client's own when well-formed", async ({ baseURL }) => {
  const answers: [string, RequestInit, number][] = [
    ["/", {}, 200], // a page
    ["/no-such-page", {}, 404], // Next.js's own 404 page
    ["/api/ping", {}, 200], // skips proxy.ts
    ["/api/catalog/services?limit=1", {}, 200],
    ["/api/shop/shortlist", {}, 402], // a product: skips proxy.ts
    ["/api/shop/no-such-product", {}, 404],
    ["/api/no-such-route", {}, 404],
    ["/api/shop/shortlist", { method: "DELETE" }, 405],
    ["/api/%00", {}, 400], // refused by proxy.ts itself
  ];
  for (const [route, init, status] of answers) {
    const res = await fetch(`${baseURL}${route}`, { ...init, redirect: "manual" });
    expect(res.status, route).toBe(status);
    expect(res.headers.get("x-request-id"), route).toMatch(FRESH);
    const own = await fetch(`${baseURL}${route}`, {
      ...init,
      redirect: "manual",
      headers: { "x-request-id": "e2e-own.1" },
    });
    expect(own.headers.get("x-request-id"), route).toBe("e2e-own.1");
  }
  const traced = await fetch(`${baseURL}/api/ping`, {
    headers: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "x-request-id": "ignored" },
  });
  expect(traced.headers.get("x-request-id")).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
  for (const hostile of ["x".repeat(500), "<script>alert(1)</script>", "a b c", "id\u00ff"]) {
    const res = await fetch(`${baseURL}/api/ping`, { headers: { "x-request-id": hostile } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(FRESH);
  }
});

test("a paid purchase's log lines carry its request id: claimed, verified, settled, fulfilled", async ({ baseURL }) => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e tests with npm run test:e2e.");
  const { pay } = await fundedAgent(baseURL!);
  const requestId = `e2e-purchase-${randomUUID()}`;
  const paid = await pay(`${baseURL}/api/shop/shortlist`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: JSON.stringify({ request_id: `e2e-${randomUUID()}`, outcome: "hourly weather forecasts for route planning" }),
  });
  expect(paid.status).toBe(200);
  expect(paid.headers.get("x-request-id")).toBe(requestId);

  const story = () =>
    readFileSync(path.join(dataDir, "app.log"), "utf8")
      .split("\n")
      .filter((line) => line.includes(`"requestId":"${requestId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  await expect
    .poll(() => story().map((l) => l.msg))
    .toEqual(["purchase claimed", "purchase verified", "purchase settled", "purchase fulfilled"]);
  const lines = story();
  const purchase = lines[0]!.purchase;
  expect(purchase).toEqual(expect.any(String));
  for (const line of lines)
    expect(line).toMatchObject({ level: 30, purchase, product: "shortlist", method: "x402-exact" });
});
