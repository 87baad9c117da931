// Every page has no serious or critical accessibility violation (axe-core), at desktop width and at
// a phone's 390 px, signed out and, for the pages behind an account, signed in; and no page is wider
// than the screen (a phone would have to scroll sideways).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { promoteToOperator, reviewedService, signUp } from "./pages/review-pages";

const WIDTHS = [1280, 390] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}

async function check(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBeLessThan(400);
      // Settled (hydrated, the chart drawn); a prefetch left open must not stall the check.
      await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
      for (const v of await seriousViolations(page)) found.push(`${width}px ${path}: ${v}`);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth > width) found.push(`${width}px ${path}: the page is ${pageWidth} px wide`);
    }
  }
  expect(found).toEqual([]);
}

test("public pages, signed out", async ({ page, request }) => {
  // 16 axe runs: measured 45–59 s on a loaded 2-core machine with /docs among them, too close to the default 60 s.
  test.setTimeout(120_000);
  const { slug, reviewId } = await reviewedService(request);
  await check(page, [
    "/",
    "/services",
    "/services?q=weather",
    `/services/${slug}`,
    `/services/${slug}?rating=1&actor=human&sort=liked`,
    `/reviews/${reviewId}`,
    "/sign-in",
    "/sign-up",
  ]);
});

// The docs apart: /docs with the reference on it (1.4 MB of HTML) took axe about 25 s a run; the reference now
// lives on one page per tag (the largest, Shop), still the heaviest pages of the site.
test("the docs page and the reference pages, signed out", async ({ page }) => {
  test.setTimeout(240_000);
  await check(page, ["/docs", "/docs/reference/shop", "/docs/reference/observer"]);
});

test("pages of a signed-in member: account, service and review with the buttons and comment form", async ({
  page,
  request,
}) => {
  // 8 axe runs and a sign-up: past 60 s on a loaded machine, as the others.
  test.setTimeout(120_000);
  const { slug, reviewId } = await reviewedService(request);
  await signUp(page);
  await check(page, ["/account", `/services/${slug}`, `/reviews/${reviewId}`, "/operator"]);
});

test("the moderation page, the orders pages and a review page as an operator", async ({ page, request }) => {
  // 10 axe runs (the moderation queue and the orders pages at two widths): past 60 s on a loaded machine.
  test.setTimeout(120_000);
  const { reviewId } = await reviewedService(request);
  const person = await signUp(page);
  await promoteToOperator(person.email);
  await check(page, [
    "/operator/moderation",
    "/operator/moderation?actorType=human&rating=2",
    `/reviews/${reviewId}`,
    "/operator/orders",
    "/operator/orders?product=placement&status=active",
  ]);
});
