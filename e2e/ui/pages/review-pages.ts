// Page objects for the review flows: the service page's reviews, a review page, the operator page,
// and the helpers the flows need besides a browser (an account, a token, an operator).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { newPerson, SignUpPage, type PersonDetails } from "./account-pages";

const run = promisify(execFile);

/**
 * Runs one of the project's commands beside the app under test (scripts/e2e.ts passes the app's
 * data directory): it attaches to the app's running embedded PostgreSQL, as `npm run` would.
 */
export async function runBesideApp(script: string, args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e tests with npm run test:e2e.");
  const { DATABASE_URL: _own, ...env } = process.env;
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...env, DATA_DIR: dataDir },
    timeout: 60_000,
  });
  return stdout;
}

/** A marketplace token for an agent, from `npm run token:create`. */
export async function createToken(name = `e2e-agent-${randomUUID().slice(0, 8)}`): Promise<string> {
  const out = await runBesideApp("scripts/token-create.ts", ["--name", name]);
  const token = /apmt_[A-Za-z0-9_-]{43}/.exec(out)?.[0];
  if (!token) throw new Error(`token:create printed no token: ${out}`);
  return token;
}

/** Makes an existing account an operator, with `npm run operator:create -- <email>`. */
export async function promoteToOperator(email: string): Promise<void> {
  await runBesideApp("scripts/operator-create.ts", [email]);
}

/** An agent posts a review through the REST API with its token. */
export async function postReview(
  request: APIRequestContext,
  token: string,
  review: { slug: string; rating: number; title: string; body: string; tags?: string[]; link?: string },
) {
  const res = await request.post("/api/reviews", {
    headers: { "x-marketplace-token": token, "content-type": "application/json" },
    data: review,
  });
  return { status: res.status(), body: await res.json() };
}

/** A service with published reviews, found through the public API. */
export async function reviewedService(request: APIRequestContext): Promise<{ slug: string; reviewId: string }> {
  const { services } = await (await request.get("/api/catalog/services?limit=50")).json();
  for (const s of services as { slug: string; reviewCount: number }[]) {
    if (s.reviewCount < 3) continue;
    const { reviews } = await (await request.get(`/api/reviews?service=${s.slug}&limit=1`)).json();
    if (reviews.length > 0) return { slug: s.slug, reviewId: reviews[0].id as string };
  }
  throw new Error("no reviewed service in the seeded catalog");
}

export class ServiceReviewsSection {
  readonly section: Locator;
  constructor(readonly page: Page) {
    this.section = page.locator("section#reviews");
  }
  async goto(slug: string, query = "") {
    const res = await this.page.goto(`/services/${slug}${query}`);
    expect(res!.status()).toBe(200);
  }
  get cards() {
    return this.section.getByTestId("review-card");
  }
  card(reviewId: string) {
    return this.section.locator(`[data-testid="review-card"][data-review-id="${reviewId}"]`);
  }
  cardTitled(title: string) {
    return this.cards.filter({ has: this.page.getByRole("link", { name: title, exact: true }) });
  }
  async filter(opts: { rating?: string; tag?: string; writtenBy?: "Agents" | "People" | "Agents and people" }) {
    const form = this.section.getByRole("form", { name: "Filter reviews" });
    if (opts.rating) await form.getByLabel("Rating").selectOption({ label: opts.rating });
    if (opts.tag) await form.getByLabel("Tag").selectOption(opts.tag);
    if (opts.writtenBy) await form.getByLabel("Written by").selectOption({ label: opts.writtenBy });
    await form.getByRole("button", { name: "Apply" }).click();
  }
  async sortBy(name: "Newest" | "Most liked") {
    await this.section.getByRole("navigation", { name: "Sort reviews" }).getByRole("link", { name }).click();
  }
  get showMore() {
    return this.section.getByRole("link", { name: "Show more reviews" });
  }
}

export class ReviewPage {
  constructor(readonly page: Page) {}
  async goto(id: string) {
    const res = await this.page.goto(`/reviews/${id}`);
    expect(res!.status()).toBe(200);
  }
  get likeButton() {
    return this.page.getByTestId("like-button");
  }
  get favouriteButton() {
    return this.page.getByTestId("favorite-button");
  }
  async likeCount() {
    return Number(await this.page.getByTestId("like-count").textContent());
  }
  async favouriteCount() {
    return Number(await this.page.getByTestId("favorite-count").textContent());
  }
  get signInLink() {
    return this.page.getByRole("link", { name: "Sign in to like, favourite or comment" });
  }
  get reviewedBadge() {
    return this.page.getByRole("banner").or(this.page.locator("article header")).getByTestId("reviewed-badge");
  }
  get comments() {
    return this.page.getByTestId("comment");
  }
  comment(text: string) {
    return this.comments.filter({ has: this.page.getByTestId("comment-body").getByText(text, { exact: true }) });
  }
  /** A comment by id: stays the same locator while it is being edited. */
  commentById(id: string) {
    return this.page.locator(`[data-testid="comment"][data-comment-id="${id}"]`);
  }
  async addComment(text: string) {
    const form = this.page.getByRole("form", { name: "Add a comment" });
    await form.getByLabel("Add a comment").fill(text);
    await form.getByRole("button", { name: "Post comment" }).click();
    await expect(this.comment(text)).toBeVisible();
  }
  async hideComment(text: string, reason: string) {
    const item = this.commentById((await this.comment(text).getAttribute("data-comment-id"))!);
    await item.getByRole("button", { name: /^Hide/ }).click();
    await item.getByLabel(/Why hide this comment/).fill(reason);
    await item.getByRole("button", { name: "Hide comment" }).click();
    await expect(this.comment(text)).toHaveCount(0);
  }
}

export class OperatorPage {
  constructor(readonly page: Page) {}
  async goto(query = "") {
    return this.page.goto(`/operator/moderation${query}`);
  }
  queueItem(title: string) {
    return this.page
      .getByRole("list", { name: "Reviews waiting for a person" })
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("link", { name: title, exact: true }) });
  }
  async markReviewed(title: string) {
    const item = this.queueItem(title);
    await item.getByRole("button", { name: `Mark reviewed: ${title}` }).click();
    await expect(item.getByRole("button", { name: `Marked reviewed: ${title}` })).toBeDisabled();
  }
  get hiddenComments() {
    return this.page.getByTestId("hidden-comment");
  }
}

/** A new person signs up on the sign-up page and lands back on `next` (default: the home page), signed in. */
export async function signUp(page: Page, opts: { next?: string; person?: PersonDetails } = {}): Promise<PersonDetails> {
  const person = opts.person ?? newPerson();
  const next = opts.next ?? "/";
  const signUpPage = new SignUpPage(page);
  await signUpPage.goto(next);
  await signUpPage.signUp(person);
  await page.waitForURL((url) => url.pathname === next.split("?")[0]);
  return person;
}
