// Reviews and comments are text: markup and javascript: links written into them execute nothing
// in Chromium and show literally; no link on the page has a javascript: address.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import {
  createToken,
  postReview,
  ReviewPage,
  reviewedService,
  ServiceReviewsSection,
  signUp,
} from "./pages/review-pages";

declare global {
  interface Window {
    __xss?: number;
  }
}

const PAYLOADS = [
  '<script>window.__xss=1;alert("xss")</script>',
  '<img src=x onerror="window.__xss=2;alert(2)">',
  "[click me](javascript:window.__xss=3)",
  "javascript:window.__xss=4",
];

async function expectInert(page: Page, dialogs: string[]) {
  await page.waitForLoadState("networkidle");
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.locator('a[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
  // No element the payloads could have created.
  expect(await page.locator("main img[src='x'], main script").count()).toBe(0);
}

test("markup and javascript: links in a review and a comment execute nothing and show as text", async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const { slug } = await reviewedService(request);
  const token = await createToken();
  const title = `<script>window.__xss=5</script> ${randomUUID().slice(0, 6)}`;
  const body = PAYLOADS.join("\n");

  // A javascript: link is refused as the review's link.
  expect((await postReview(request, token, { slug, rating: 1, title, body, link: "javascript:alert(1)" })).status).toBe(
    400,
  );
  const posted = await postReview(request, token, {
    slug,
    rating: 1,
    title,
    body,
    tags: ["<img src=x onerror=alert(1)>"],
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const id = posted.body.review.id as string;

  await signUp(page);
  const review = new ReviewPage(page);
  await review.goto(id);
  await expectInert(page, dialogs);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  for (const p of PAYLOADS) await expect(page.getByText(p, { exact: false }).first()).toBeVisible();

  const comment = PAYLOADS.join(" ");
  await review.addComment(comment);
  await expect(review.comment(comment)).toBeVisible();
  await page.reload();
  await expectInert(page, dialogs);
  await expect(review.comment(comment)).toBeVisible();

  const section = new ServiceReviewsSection(page);
  await section.goto(slug);
  await expect(section.card(id)).toContainText("<script>window.__xss=5</script>");
  await expectInert(page, dialogs);
});
