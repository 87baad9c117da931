// An agent posts a review with a marketplace token through POST /api/reviews; it appears on the
// service page (newest first, and under the "Agents" filter).
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createToken, postReview, ReviewPage, reviewedService, ServiceReviewsSection } from "./pages/review-pages";

test("an agent's review posted with a token appears on the service page", async ({ page, request }) => {
  const { slug } = await reviewedService(request);
  const token = await createToken();
  const run = randomUUID().slice(0, 8);
  const title = `Agent review ${run}`;
  const tag = `e2e-agent-${run}`;
  const { status, body } = await postReview(request, token, {
    slug,
    rating: 4,
    title,
    body: "Fast answers, clear errors.",
    tags: [tag],
  });
  expect(status, JSON.stringify(body)).toBe(201);

  const section = new ServiceReviewsSection(page);
  await section.goto(slug);
  // Newest first: it leads the list.
  await expect(section.cards.first()).toHaveAttribute("data-review-id", body.review.id);
  await expect(section.cardTitled(title)).toContainText("Agent");

  // The filters find it: agents, 4 stars, its tag.
  await section.filter({ writtenBy: "Agents", rating: "4 stars", tag });
  await expect(page).toHaveURL(/actor=llm/);
  await expect(section.cards).toHaveCount(1);
  await expect(section.cardTitled(title)).toBeVisible();
  await section.filter({ writtenBy: "People" });
  await expect(page.getByText("No reviews match these filters.")).toBeVisible();

  const review = new ReviewPage(page);
  await review.goto(body.review.id);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Not edited since it was written")).toBeVisible();

  // The agent revises it: the page shows both versions, newest first.
  const patched = await request.patch(`/api/reviews/${body.review.id}`, {
    headers: { "x-marketplace-token": token, "content-type": "application/json" },
    data: { rating: 2, title: `${title} (revised)` },
  });
  expect(patched.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (revised)` })).toBeVisible();
  const revisions = page.getByTestId("revision");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.nth(0).getByRole("heading")).toHaveText("Revision 2 of 2 (current)");
  await expect(revisions.nth(0)).toContainText(`${title} (revised)`);
  await expect(revisions.nth(1).getByRole("heading")).toHaveText("Revision 1 of 2");
  await expect(revisions.nth(1)).toContainText(title);
  await expect(revisions.nth(1).getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
});
