// The static API routes skip proxy.ts and get their security headers from next.config.mjs: the
// matcher, the config's list and the route files must agree, and the headers must be the ones the
// proxy gives every other non-page answer.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { config } from "@/proxy";
import { PRODUCT_LIST } from "@/server/products/products";
import { NON_PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers";

type HeaderRule = { source: string; headers: { key: string; value: string }[] };
// next.config.mjs is plain JavaScript (no declarations): typed here as far as the test reads it.
const nextConfig = (await import(path.resolve("next.config.mjs"))).default as { headers(): Promise<HeaderRule[]> };

// Each product's own route file (app/api/shop/<segment>) has its own rule, checked below.
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
// The one-segment form of a product's path (server/products/products.ts), which the proxy skips.
const SHOP_SEGMENT = "[a-z][a-z0-9-]*";
// Next.js's own matcher for a header rule's source.
const sourceMatcher = (source: string) => getPathMatch(source, { removeUnnamedParams: true, strict: true });

describe("static API routes skip the proxy and keep the security headers", () => {
  it("the proxy matches pages, assets and dynamic API paths, and no static API route or product route", () => {
    const routes = staticApiRoutes();
    expect(routes).toContain("catalog/search");
    for (const route of [
      ...routes.map((r) => `/api/${r}`),
      ...PRODUCT_LIST.map((p) => p.path),
      ...STATIC_OTHER_ROUTES,
    ]) {
      expect(matcher.test(route), route).toBe(false);
      expect(matcher.test(`${route}/x`), `${route}/x`).toBe(true);
    }
    // A product's validate route, and shop paths that are no product's form, go through the proxy.
    for (const p of [
      "/api/shop/shortlist/validate",
      "/api/shop/Shortlist",
      "/api/shop/%00",
      "/api/shop/a%2Fb",
      "/api/shop/",
    ])
      expect(matcher.test(p), p).toBe(true);
    expect(staticApiRoutes("app/discovery").map((r) => `/discovery/${r}`)).toEqual(STATIC_OTHER_ROUTES);
    for (const p of [
      "/",
      "/services",
      "/services/a",
      "/docs",
      "/openapi.json",
      "/api/catalog/services/a",
      "/api/reviews/x",
      "/api/shop/purchases/k",
      "/api/trpc/catalog.list",
      "/api/nothing",
      "/_next/static/x.js",
    ]) {
      expect(matcher.test(p), p).toBe(true);
    }
  });

  it("next.config.mjs gives exactly those routes the proxy's non-page headers (HSTS left to the pages)", async () => {
    const rules = await nextConfig.headers();
    // Each product's own path literally (a source with a parameter costs a decode per request), and
    // one pattern for every other one-segment shop path (the dynamic route's JSON 404).
    const others = rules.map((r) => r.source).filter((source) => source.startsWith("/api/shop/:"));
    expect(others).toHaveLength(1);
    expect(rules.map((r) => r.source).sort()).toEqual(
      [
        ...staticApiRoutes().map((r) => `/api/${r}`),
        ...PRODUCT_LIST.map((p) => p.path),
        others[0]!,
        ...STATIC_OTHER_ROUTES,
      ].sort(),
    );
    const other = sourceMatcher(others[0]!);
    for (const p of PRODUCT_LIST) {
      expect(other(p.path), p.path).toBe(false);
      expect(other(`${p.path}x`), `${p.path}x`).toBeTruthy();
      expect(sourceMatcher(p.path)(p.path), p.path).toEqual({});
    }
    for (const p of ["/api/shop/orders", "/api/shop/purchases", "/api/shop/nothing-here", "/api/shop/a1-b"])
      expect(other(p), p).toBeTruthy();
    for (const p of ["/api/shop/Shortlist", "/api/shop/shortlist/validate", "/api/shop/"])
      expect(other(p), p).toBe(false);
    // Together they are the proxy's exclusion: every one-segment lowercase shop path.
    expect(config.matcher[0]).toContain(`shop/${SHOP_SEGMENT})$`);
    for (const p of PRODUCT_LIST) expect(new RegExp(`^/api/shop/${SHOP_SEGMENT}$`).test(p.path), p.path).toBe(true);
    const expected: Record<string, string> = {
      ...SECURITY_HEADERS,
      "Content-Security-Policy": NON_PAGE_CONTENT_SECURITY_POLICY,
    };
    delete expected["Strict-Transport-Security"];
    for (const rule of rules)
      expect(Object.fromEntries(rule.headers.map((h) => [h.key, h.value])), rule.source).toEqual(expected);
  });
});
