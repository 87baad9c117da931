// The service page's calls through the marketplace: the empty state, the calls-per-day and latency
// charts (drawn under the CSP, a table for screen readers, axe clean, no sideways scroll at phone
// width), and the "Verified call" badge on a review whose token paid for a call.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createToken, postReview, runBesideApp } from "./pages/review-pages";

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Untested services of the seeded list (most called first), from its end, skipping the first `skip`: the
 * tested ones had the marketplace's own test calls through the observer. */
async function serviceSlug(request: APIRequestContext, skip: number): Promise<string> {
  const { services } = await (await request.get("/api/catalog/services?limit=100")).json();
  const untested = (services as { slug: string; testStatus: string }[]).filter((s) => s.testStatus === "untested");
  return untested[untested.length - 1 - skip]!.slug;
}

const recordCalls = (slug: string, calls: number, paidToken?: string) =>
  runBesideApp("e2e/ui/pages/record-observed-calls.ts", [
    "--slug",
    slug,
    "--calls",
    String(calls),
    ...(paidToken ? ["--paid-token", paidToken] : []),
  ]);

test("a service nobody called through the marketplace shows the empty state", async ({ page, request }) => {
  const slug = await serviceSlug(request, 0);
  await page.goto(`/services/${slug}`);
  const section = page.getByTestId("call-charts");
  await expect(section.getByRole("heading", { name: "Calls through the marketplace" })).toBeVisible();
  await expect(section.getByText("No calls through the marketplace yet.")).toBeVisible();
});

test("calls per day and latency charts draw under the CSP, with a table, axe clean at desktop and phone width", async ({
  page,
  request,
}) => {
  const slug = await serviceSlug(request, 1);
  expect(await recordCalls(slug, 40)).toMatch(/recorded 40 calls/);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/services/${slug}`);
    const section = page.getByTestId("call-charts");
    await expect(section.getByText("Calls per day (40 in 30 days)")).toBeVisible();
    await expect(section.getByTestId("calls-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(section.getByTestId("latency-chart").locator(".recharts-line-curve")).toBeVisible();
    // The table for screen readers: one row per day with calls (12 days), adding up to 40.
    const table = page.getByRole("table", { name: "Calls and median latency per day, last 30 days" });
    const cells = await table.locator("tbody tr td:first-of-type").allTextContents();
    expect(cells).toHaveLength(12);
    expect(cells.map(Number).reduce((a, b) => a + b, 0)).toBe(40);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(violations.map((v) => `${width}px ${v.id}`)).toEqual([]);
    // No sideways scrolling; on failure, name the elements that stick out.
    const wider = await page.evaluate((w) => {
      if (document.documentElement.scrollWidth <= w) return [];
      return [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > w)
        .slice(-5)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)} px)`);
    }, width);
    expect(wider).toEqual([]);
  }
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  // The record agrees: the observer's 40 calls are in its observed figures.
  const { service } = await (await request.get(`/api/catalog/services/${slug}`)).json();
  expect(service.observed.calls30d).toBe(40);
});

test("a review by a token that paid for a call shows the Verified call badge on the service and review pages", async ({
  page,
  request,
}) => {
  const slug = await serviceSlug(request, 2);
  const token = await createToken();
  await recordCalls(slug, 0, token);
  const { status, body } = await postReview(request, token, {
    slug,
    rating: 5,
    title: "Paid through the marketplace",
    body: "The call answered in 120 ms.",
  });
  expect(status).toBe(201);
  expect(body.review.verifiedCall).toBe(true);
  await page.goto(`/reviews/${body.review.id}`);
  await expect(page.getByTestId("verified-call-badge")).toHaveText(/Verified call/);
  await page.goto(`/services/${slug}`);
  const card = page.locator(`[data-testid="review-card"][data-review-id="${body.review.id}"]`);
  await expect(card.getByTestId("verified-call-badge")).toBeVisible();
});
