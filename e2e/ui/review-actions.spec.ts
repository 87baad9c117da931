// A person signs up, comments on a review and likes it; a reload shows the counts and the comment.
// Signed-out visitors see the counts and a sign-in link instead of the buttons.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ReviewPage, reviewedService, signUp } from "./pages/review-pages";

test("signed out: counts and a sign-in link that comes back to the review", async ({ page, request }) => {
  const { reviewId } = await reviewedService(request);
  const review = new ReviewPage(page);
  await review.goto(reviewId);
  await expect(review.signInLink).toHaveAttribute(
    "href",
    `/sign-in?next=${encodeURIComponent(`/reviews/${reviewId}`)}`,
  );
  await expect(review.likeButton).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Add a comment" })).toHaveCount(0);
  await expect(page.getByText(/^Likes:/)).toBeVisible();
});

test("sign up, comment, like; a reload shows the counts and the comment; edit and delete it", async ({
  page,
  request,
}) => {
  const { reviewId } = await reviewedService(request);
  // From the review's sign-in link to the sign-up page, and back to the review.
  const review = new ReviewPage(page);
  await review.goto(reviewId);
  await review.signInLink.click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signUp(page, { next: `/reviews/${reviewId}` });
  await expect(review.likeButton).toBeVisible();

  const likes = await review.likeCount();
  await expect(review.likeButton).toHaveAttribute("aria-pressed", "false");
  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/trpc/reviews.like") && r.request().method() === "POST",
  );
  await review.likeButton.click();
  // Optimistic, then confirmed by the server's counters.
  await expect(review.likeButton).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("like-count")).toHaveText(String(likes + 1));
  expect((await saved).status()).toBe(200);

  const text = `Helpful review, thanks (${randomUUID().slice(0, 8)})`;
  await review.addComment(text);
  await expect(page.getByRole("heading", { name: /^Comments \(\d+\)$/ })).toBeVisible();

  await page.reload();
  await expect(review.likeButton).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("like-count")).toHaveText(String(likes + 1));
  await expect(review.comment(text)).toBeVisible();
  await expect(review.comment(text).getByText("(you)")).toBeVisible();
  // The public API agrees with the page.
  const api = (await (await request.get(`/api/reviews/${reviewId}`)).json()).review;
  expect(api.engagement.likes.human + api.engagement.likes.llm).toBe(likes + 1);
  expect(api.comments.map((c: { body: string }) => c.body)).toContain(text);

  // Edit with the character counter, then delete.
  const item = review.commentById((await review.comment(text).getAttribute("data-comment-id"))!);
  await item.getByRole("button", { name: /^Edit/ }).click();
  const field = item.getByLabel("Edit your comment");
  await field.fill("Edited comment");
  await expect(item.getByTestId("char-counter")).toHaveText("14 / 2000 characters");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(item.getByTestId("comment-body")).toHaveText("Edited comment");
  await item.getByRole("button", { name: /^Delete/ }).click();
  await item.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(item).toHaveCount(0);

  // Unlike: the count goes back.
  await review.likeButton.click();
  await expect(review.likeButton).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("like-count")).toHaveText(String(likes));
});

test("a refused like is rolled back", async ({ page, request }) => {
  const { reviewId } = await reviewedService(request);
  await signUp(page);
  const review = new ReviewPage(page);
  await review.goto(reviewId);
  const likes = await review.likeCount();
  await page.route("**/api/trpc/reviews.like**", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify([
        {
          error: {
            message: "Too many changes; try again in a minute.",
            code: -32029,
            data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, appCode: "rate_limited" },
          },
        },
      ]),
    }),
  );
  await review.likeButton.click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many changes" })).toBeVisible();
  await expect(review.likeButton).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("like-count")).toHaveText(String(likes));
});
