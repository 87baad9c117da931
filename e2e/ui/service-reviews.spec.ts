// The service page's reviews: the rating chart draws under the page's CSP (with a text table for
// screen readers), filters and sort live in the URL and work without JavaScript, pages follow the
// keyset cursor, and "Show more" appends with JavaScript.
import { expect, test } from "@playwright/test";
import { reviewedService, ServiceReviewsSection } from "./pages/review-pages";

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

test("the rating chart draws with no CSP violation and its table matches the reviews", async ({ page, request }) => {
  const { slug } = await reviewedService(request);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const section = new ServiceReviewsSection(page);
  await section.goto(slug);
  await expect(page.getByTestId("rating-chart").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("rating-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  // The screen-reader table holds the counts; they add up to the service's review count.
  const table = page.getByRole("table", { name: "Number of reviews per rating" });
  const counts = (await table.locator("tbody td").allTextContents()).map(Number);
  expect(counts).toHaveLength(5);
  const { service } = await (await request.get(`/api/catalog/services/${slug}`)).json();
  expect(counts.reduce((a, b) => a + b, 0)).toBe(service.reviewCount);
  for (const [i, rating] of [5, 4, 3, 2, 1].entries()) {
    const { reviews } = await (await request.get(`/api/reviews?service=${slug}&rating=${rating}&limit=100`)).json();
    expect(counts[i], `${rating} stars`).toBe(reviews.length);
  }
});

test("most liked first matches the API, and Show more appends the next page", async ({ page, request }) => {
  const { slug } = await reviewedService(request);
  const api = await (await request.get(`/api/reviews?service=${slug}&sort=liked&limit=20`)).json();
  const section = new ServiceReviewsSection(page);
  await section.goto(slug);
  await section.sortBy("Most liked");
  await expect(page).toHaveURL(/sort=liked/);
  await expect(section.section.getByRole("link", { name: "Most liked" })).toHaveAttribute("aria-current", "true");
  const ids = api.reviews.map((r: { id: string }) => r.id);
  await expect(section.cards.first()).toHaveAttribute("data-review-id", ids[0]);
  if (api.reviews.length > 10) {
    await section.showMore.click();
    await expect(section.cards).toHaveCount(Math.min(20, ids.length));
    expect(await section.cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-review-id")))).toEqual(
      ids.slice(0, 20),
    );
    // Appended in place: the address did not change.
    expect(page.url()).not.toContain("cursor=");
  }
});

test("without JavaScript: the filter form and the next-page link work through the URL", async ({
  browser,
  request,
}) => {
  const { slug } = await reviewedService(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const section = new ServiceReviewsSection(page);
  await section.goto(slug);
  // No chart without JavaScript, but the counts are listed.
  await expect(page.getByTestId("rating-chart").getByText("5 stars")).toBeVisible();
  await section.filter({ writtenBy: "Agents" });
  await expect(page).toHaveURL(/actor=llm/);
  const { reviews, nextCursor } = await (await request.get(`/api/reviews?service=${slug}&actor=llm&limit=10`)).json();
  expect(await section.cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-review-id")))).toEqual(
    reviews.map((r: { id: string }) => r.id),
  );
  if (nextCursor) {
    await section.showMore.click();
    await expect(page).toHaveURL(/cursor=/);
    const next = await (
      await request.get(`/api/reviews?service=${slug}&actor=llm&limit=10&cursor=${nextCursor}`)
    ).json();
    expect(await section.cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-review-id")))).toEqual(
      next.reviews.map((r: { id: string }) => r.id),
    );
    await expect(page.getByRole("link", { name: "Back to the first page" })).toBeVisible();
  }
  // A forged cursor is explained, not a failed page.
  await section.goto(slug, "?cursor=bm90LWEtY3Vyc29y");
  await expect(page.getByText("This page of reviews cannot be shown")).toBeVisible();
  await context.close();
});
