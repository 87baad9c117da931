// Moderation: an operator marks a review reviewed and the badge appears on its page and in its
// service's list; an operator hides a comment and it moves to the audit list; members see
// "Operators only", signed-out visitors are sent to sign in.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  OperatorPage,
  promoteToOperator,
  ReviewPage,
  reviewedService,
  ServiceReviewsSection,
  signUp,
} from "./pages/review-pages";

test("signed out: /operator/moderation sends to sign in and back", async ({ page }) => {
  await page.goto("/operator/moderation");
  expect(new URL(page.url()).pathname).toBe("/sign-in");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/operator/moderation");
});

test("an old /operator link with the queue's filters lands on /operator/moderation, filters kept", async ({ page }) => {
  const person = await signUp(page);
  await promoteToOperator(person.email);
  await page.goto("/operator?actorType=human&rating=2");
  const url = new URL(page.url());
  expect(url.pathname).toBe("/operator/moderation");
  expect(url.searchParams.get("actorType")).toBe("human");
  expect(url.searchParams.get("rating")).toBe("2");
  await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
  // Without them, /operator is the dashboard.
  await page.goto("/operator");
  expect(new URL(page.url()).pathname).toBe("/operator");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("a member sees Operators only", async ({ page }) => {
  await signUp(page);
  await new OperatorPage(page).goto();
  await expect(page.getByRole("heading", { name: "Operators only" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Reviews waiting for a person" })).toHaveCount(0);
});

test("an operator marks the oldest unreviewed review reviewed; the badge shows on its page and in its service's list", async ({
  page,
}) => {
  const person = await signUp(page);
  await promoteToOperator(person.email);
  const operator = new OperatorPage(page);
  await operator.goto();
  await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
  const first = page.getByRole("list", { name: "Reviews waiting for a person" }).getByTestId("review-card").first();
  const title = (await first.getByRole("heading").textContent())!;
  const reviewId = (await first.getAttribute("data-review-id"))!;
  await expect(first.getByTestId("reviewed-badge")).toHaveCount(0);
  await operator.markReviewed(title);
  await expect(operator.queueItem(title).getByTestId("reviewed-badge")).toBeVisible();

  // Gone from the queue on the next load.
  await operator.goto();
  await expect(page.locator(`[data-review-id="${reviewId}"]`)).toHaveCount(0);

  const review = new ReviewPage(page);
  await review.goto(reviewId);
  await expect(page.locator("article header").getByTestId("reviewed-badge")).toBeVisible();
  const slug = (await (await page.request.get(`/api/reviews/${reviewId}`)).json()).review.slug as string;

  // In the service's list (oldest reviews sit on later pages: follow "Show more" until it shows).
  const section = new ServiceReviewsSection(page);
  await section.goto(slug);
  for (let i = 0; i < 20 && (await section.card(reviewId).count()) === 0; i++) {
    await section.showMore.click();
    await page.waitForLoadState("networkidle");
  }
  await expect(section.card(reviewId).getByTestId("reviewed-badge")).toBeVisible();
});

test("an operator hides a comment from the review page; it leaves the review and shows in the audit list", async ({
  page,
  browser,
  request,
}) => {
  const { reviewId } = await reviewedService(request);
  // A member writes the comment in a context of their own.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signUp(memberPage);
  const text = `Spam comment ${randomUUID().slice(0, 8)}`;
  const memberReview = new ReviewPage(memberPage);
  await memberReview.goto(reviewId);
  await memberReview.addComment(text);
  await memberContext.close();

  const person = await signUp(page);
  await promoteToOperator(person.email);
  const review = new ReviewPage(page);
  await review.goto(reviewId);
  await review.hideComment(text, "Advertising");
  await page.reload();
  await expect(review.comment(text)).toHaveCount(0);
  const api = (await (await request.get(`/api/reviews/${reviewId}`)).json()).review;
  expect(api.comments.map((c: { body: string }) => c.body)).not.toContain(text);

  const operator = new OperatorPage(page);
  await operator.goto();
  const audited = operator.hiddenComments.filter({ hasText: text });
  await expect(audited).toBeVisible();
  await expect(audited).toContainText("Advertising");
  await expect(audited).toContainText(person.name);
});
