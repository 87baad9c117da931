// The static API routes skip proxy.ts and get their security headers from next.config.mjs: the
// matcher, the config's list and the route files must agree, and the headers must be the ones the
// proxy gives every other non-page answer.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { PRODUCT_LIST } from "@/server/products/products";
import { NON_PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers";

type HeaderRule = { source: string; headers: { key: string; value: string }[] };
// next.config.mjs is plain JavaScript (no declarations): typed here as far as the test reads it.
const nextConfig = (await import(path.resolve("next.config.mjs"))).default as { headers(): Promise<HeaderRule[]> };

// Each product's own route file (app/api/shop/<segment>) is covered by the product pattern below.
const PRODUCT_FOLDERS = new Set(PRODUCT_LIST.map((p) => p.path.replace(/^\/api\//, "")));

// Route folders under app/api with no dynamic segment, products' own routes aside.
function staticApiRoutes(dir = "app/api", prefix = ""): string[] {
  return allStaticRoutes(dir, prefix).filter((r) => dir !== "app/api" || !PRODUCT_FOLDERS.has(r));
}

function allStaticRoutes(dir: string, prefix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "route.ts" && prefix ? [prefix] : [];
    if (!entry.isDirectory() || entry.name.startsWith("[")) return [];
    return allStaticRoutes(path.join(dir, entry.name), prefix ? `${prefix}/${entry.name}` : entry.name);
  });
}

const matcher = new RegExp(`^${config.matcher[0]}$`);
// Static routes outside app/api (the Bazaar discovery list), with the same treatment.
const STATIC_OTHER_ROUTES = ["/discovery/resources"];
// app/api/shop/[product]: every product of the registry, by one lowercase segment.
const PRODUCT_ROUTES = "/api/shop/:product([a-z][a-z0-9-]*)";

describe("static API routes skip the proxy and keep the security headers", () => {
  it("the proxy matches pages, assets and dynamic API paths, and no static API route or product route", () => {
    const routes = staticApiRoutes();
    expect(routes).toContain("catalog/search");
    for (const route of [...routes.map((r) => `/api/${r}`), ...PRODUCT_LIST.map((p) => p.path), ...STATIC_OTHER_ROUTES]) {
      expect(matcher.test(route), route).toBe(false);
      expect(matcher.test(`${route}/x`), `${route}/x`).toBe(true);
    }
    // A product's validate route, and shop paths that are no product's form, go through the proxy.
    for (const p of ["/api/shop/shortlist/validate", "/api/shop/Shortlist", "/api/shop/%00", "/api/shop/a%2Fb", "/api/shop/"]) expect(matcher.test(p), p).toBe(true);
    expect(staticApiRoutes("app/discovery").map((r) => `/discovery/${r}`)).toEqual(STATIC_OTHER_ROUTES);
    for (const p of ["/", "/services", "/services/a", "/docs", "/openapi.json", "/api/catalog/services/a", "/api/reviews/x", "/api/shop/purchases/k", "/api/trpc/catalog.list", "/api/nothing", "/_next/static/x.js"]) {
      expect(matcher.test(p), p).toBe(true);
    }
  });

  it("next.config.mjs gives exactly those routes the proxy's non-page headers (HSTS left to the pages)", async () => {
    const rules = await nextConfig.headers();
    expect(rules.map((r) => r.source).sort()).toEqual([...staticApiRoutes().map((r) => `/api/${r}`), PRODUCT_ROUTES, ...STATIC_OTHER_ROUTES].sort());
    // The product pattern is the proxy's exclusion, and covers every product's path.
    const pattern = new RegExp(`^/api/shop/${/\(([^)]*)\)/.exec(PRODUCT_ROUTES)![1]}$`);
    for (const p of PRODUCT_LIST) expect(pattern.test(p.path), p.path).toBe(true);
    expect(config.matcher[0]).toContain(`shop/${/\(([^)]*)\)/.exec(PRODUCT_ROUTES)![1]})$`);
    const expected: Record<string, string> = { ...SECURITY_HEADERS, "Content-Security-Policy": NON_PAGE_CONTENT_SECURITY_POLICY };
    delete expected["Strict-Transport-Security"];
    for (const rule of rules) expect(Object.fromEntries(rule.headers.map((h) => [h.key, h.value])), rule.source).toEqual(expected);
  });
});
