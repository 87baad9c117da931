// proxy.ts's decisions on real requests: headers and the CSP nonce handed to Next.js, refused
// methods and addresses, and the 503 page when the database does not answer (a closed port).
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { createDatabaseGate } from "./database-gate";
import { handleRequest, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./handle-request";

const up = createDatabaseGate(process.env.DATABASE_URL);
const down = createDatabaseGate(`postgresql://postgres:postgres@127.0.0.1:${await freePort()}/nothing`);
afterAll(() => Promise.all([up.close(), down.close()]));

const request = (path: string, method = "GET") => new NextRequest(new URL(path, "http://marketplace.test"), { method });
const send = (path: string, method = "GET", gate = up) => handleRequest(request(path, method), () => gate);

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  // BASE_URL is http://marketplace.test in tests: no HSTS over http.
  expect(res.headers.get("strict-transport-security")).toBeNull();
}

const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1];

describe("pages passing through", () => {
  it("get a fresh CSP nonce, sent to the browser and handed to Next.js on the request", async () => {
    const [a, b] = [await send("/services"), await send("/services")];
    for (const res of [a, b]) {
      expectSecurityHeaders(res);
      expect(res.headers.get("x-middleware-next")).toBe("1");
      const csp = res.headers.get("content-security-policy");
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      // Next.js reads the nonce from the request's CSP header (NextResponse.next({request})).
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    }
    const [na, nb] = [
      nonceOf(a.headers.get("content-security-policy")),
      nonceOf(b.headers.get("content-security-policy")),
    ];
    expect(Buffer.from(na!, "base64")).toHaveLength(16);
    expect(na).not.toBe(nb);
  });

  it("/docs renders while the database is away (it reads none)", async () => {
    const res = await send("/docs", "GET", down);
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("API and assets", () => {
  it("carry the security headers and a CSP that allows nothing, with no request override", async () => {
    for (const path of ["/api/catalog/services", "/openapi.json", "/_next/static/chunks/x.js"]) {
      const res = await send(path, "GET", down);
      expectSecurityHeaders(res);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-middleware-next")).toBe("1");
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBeNull();
    }
  });
});

describe("refused before any route runs", () => {
  it("methods other than GET and HEAD on a page: 405 with Allow", async () => {
    // (TRACE cannot even be held by a fetch Request: refuse-untraceable-methods.ts answers it.)
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      const res = await send("/services", method);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expectSecurityHeaders(res);
    }
    expect((await send("/", "HEAD")).headers.get("x-middleware-next")).toBe("1");
  });

  it("the API's methods are left to its routes", async () => {
    for (const method of ["POST", "PATCH", "DELETE", "OPTIONS"])
      expect((await send("/api/reviews", method)).headers.get("x-middleware-next")).toBe("1");
  });

  it("a path segment that is not UTF-8: 400, JSON under /api", async () => {
    for (const path of ["/services/%ED%A0%80", "/reviews/%C0%AF", "/services/%", "/reviews/%E2%82"]) {
      const res = await send(path);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("Not a valid address");
    }
    const api = await send("/api/catalog/services/%ED%A0%80");
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ error: "invalid_request" });
  });

  it("NUL anywhere in the address: 400", async () => {
    for (const path of ["/services?q=%00", "/services?q=a%00b", "/services/%00", "/api/catalog/services?q=%00"]) {
      expect((await send(path)).status, path).toBe(400);
    }
    // Undecodable escapes in the query are not refused: browsers and Next.js read them as U+FFFD.
    expect((await send("/services?q=%ED%A0%80")).headers.get("x-middleware-next")).toBe("1");
  });

  it("the refusal page escapes nothing into markup and styles only with its nonce", async () => {
    const res = await send("/services/%ED%A0%80");
    const html = await res.text();
    const nonce = nonceOf(res.headers.get("content-security-policy"));
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toContain("<script");
  });
});

describe("database away", () => {
  it("pages that read it answer 503 'temporarily unavailable' at once, with Retry-After", async () => {
    for (const path of [
      "/",
      "/services",
      "/services?q=weather",
      "/services/some-slug",
      "/reviews/00000000-0000-4000-8000-000000000000",
      "/account",
      "/operator",
      "/operator/moderation",
      "/operator/orders",
    ]) {
      const started = performance.now();
      const res = await send(path, "GET", down);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(res.headers.get("cache-control")).toBe("no-store");
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html).toContain("<h1>Temporarily unavailable</h1>");
      expect(html).toContain(`href="${path.replace(/&/g, "&#38;")}">Try again</a>`);
    }
  });

  it("the same pages render when it answers", async () => {
    for (const path of ["/", "/services", "/services/some-slug"])
      expect((await send(path)).headers.get("x-middleware-next")).toBe("1");
  });
});
