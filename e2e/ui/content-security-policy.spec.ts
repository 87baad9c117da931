// Every page under its Content-Security-Policy in Chromium: no violation, no console error, the
// nonce of the header on every script Next.js renders, and the other security headers on pages,
// the API and static assets.
import { expect, test, type Page, type Response } from "@playwright/test";

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

async function firstServiceAndReview(request: import("@playwright/test").APIRequestContext) {
  const { services } = await (await request.get("/api/catalog/services?limit=20")).json();
  for (const s of services as { slug: string }[]) {
    const { reviews } = await (await request.get(`/api/reviews?service=${s.slug}&limit=1`)).json();
    if (reviews.length > 0) return { slug: s.slug, reviewId: reviews[0].id as string };
  }
  throw new Error("no reviewed service in the seeded catalog");
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  // The e2e server's BASE_URL is http: no HSTS.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

async function expectNoncedScripts(response: Response | null, what: string) {
  const csp = response!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, what).toBeTruthy();
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  const scripts = [...(await response!.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length, what).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce}"`);
}

async function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() !== "error" && m.type() !== "warning") return;
    // A 404 page's own status is reported as a failed resource load; that is the point of the page.
    if (/Failed to load resource: the server responded with a status of 404/.test(m.text())) return;
    problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return problems;
}

test("every page loads with no CSP violation or console error, its scripts carrying the nonce", async ({
  page,
  request,
}) => {
  const { slug, reviewId } = await firstServiceAndReview(request);
  const pages: [string, number][] = [
    ["/", 200],
    ["/services", 200],
    ["/services?q=weather%20forecast", 200],
    ["/services?capability=maps-weather", 200],
    [`/services/${slug}`, 200],
    [`/reviews/${reviewId}`, 200],
    ["/docs", 200],
    ["/no-such-page", 404],
    ["/services/no-such-service", 404],
  ];
  const problems = await watch(page);
  for (const [path, status] of pages) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(status);
    expectSecurityHeaders(response!.headers(), path);
    await expectNoncedScripts(response, path);
    // Hydrated: client components took over (a blocked script would leave the page inert).
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.__cspViolations), path).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test("client-side work under the policy: navigation, loading more, a search", async ({ page }) => {
  const problems = await watch(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Browse services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  const cards = page.getByRole("region", { name: "Services" }).getByRole("article");
  await expect(cards).toHaveCount(24);
  await page.getByRole("button", { name: "Show more services" }).click(); // a tRPC fetch (connect-src)
  await expect(cards).toHaveCount(48);
  await page.getByLabel("Search").fill("weather");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=weather/);
  await cards.first().getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Offers" })).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(problems).toEqual([]);
});

test("the API, the OpenAPI document and static assets carry the security headers", async ({ request, page }) => {
  for (const path of ["/api/catalog/services?limit=1", "/openapi.json", "/api/no/such/endpoint"]) {
    const res = await request.get(path);
    expectSecurityHeaders(res.headers(), path);
    expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  }
  const assets: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/_next/static/")) assets.push(r.url());
  });
  await page.goto("/docs");
  expect(assets.length).toBeGreaterThan(0);
  for (const url of assets.slice(0, 5)) expectSecurityHeaders((await request.get(url)).headers(), url);
});
