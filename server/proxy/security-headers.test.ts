// HSTS and upgrade-insecure-requests follow BASE_URL's scheme (read at start-up through server/env.ts).
import { afterEach, describe, expect, it, vi } from "vitest";

const originalBaseUrl = process.env.BASE_URL;
afterEach(() => {
  process.env.BASE_URL = originalBaseUrl;
  vi.resetModules();
});

async function loadWith(baseUrl: string) {
  process.env.BASE_URL = baseUrl;
  vi.resetModules();
  return import("./security-headers");
}

describe("security headers by base URL", () => {
  it("https: HSTS, and the page CSP upgrades insecure requests", async () => {
    const m = await loadWith("https://market.example");
    expect(m.SECURITY_HEADERS["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(m.pageContentSecurityPolicy("abc")).toContain("upgrade-insecure-requests");
  });

  it("http: neither (a browser ignores HSTS over http, and upgrading would break the site)", async () => {
    const m = await loadWith("http://localhost:3000");
    expect(m.SECURITY_HEADERS["Strict-Transport-Security"]).toBeUndefined();
    expect(m.pageContentSecurityPolicy("abc")).not.toContain("upgrade-insecure-requests");
    expect(m.pageContentSecurityPolicy("abc")).toContain(
      "script-src 'self' 'nonce-abc' 'strict-dynamic'; style-src 'self' 'nonce-abc'",
    );
  });
});
