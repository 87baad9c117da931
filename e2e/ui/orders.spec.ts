// Queued orders end to end: an agent buys an evaluation and a placement with the real x402 client,
// an operator takes the evaluation queued → assigned → in_progress → completed in the browser
// (publishing its review, which then shows on the service page) and the placement queued →
// in_review → active; the buyer polls each order with its Bearer credential and sees the history.
import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { buyAd, buyQueued, OrdersPage, pollOrder } from "./pages/order-pages";
import { promoteToOperator, signUp } from "./pages/review-pages";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("an operator takes a bought evaluation to completed and a bought placement to active; the buyer polls both", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { services } = await (await request.get("/api/catalog/services?limit=1")).json();
  const slug = services[0].slug as string;
  const evaluation = await buyQueued(
    baseURL!,
    "/api/shop/evaluations",
    {
      request_id: `e2e-eval-${randomUUID()}`,
      service: slug,
      scope: "Call the main offer and check the answers against the docs.",
      contact: { email: "buyer@example.com" },
    },
    49,
  );
  // A word only this run's placement targets: the paid ad below can only be this placement.
  const word = `zq${randomUUID().slice(0, 8)}`;
  const placement = await buyQueued(
    baseURL!,
    "/api/shop/placements",
    {
      request_id: `e2e-place-${randomUUID()}`,
      service: slug,
      headline: "Try it today",
      body: "Paid per call over x402.",
      targeting: { query: `weather forecast ${word}` },
      durationDays: 14,
    },
    10,
  );

  // The buyer's view before anyone acts; without or with a wrong credential there is nothing to see.
  const first = await pollOrder(request, evaluation);
  expect(first.status).toBe(200);
  expect(first.headers["cache-control"]).toBe("no-store");
  expect(first.body.order).toMatchObject({
    id: evaluation.id,
    product: "evaluation",
    status: "queued",
    history: [{ status: "queued", note: "paid" }],
  });
  const missing = await pollOrder(request, evaluation, "");
  expect(missing.status).toBe(401);
  expect(missing.headers["www-authenticate"]).toBe('Bearer realm="order-status"');
  expect((await pollOrder(request, evaluation, placement.statusAuthorization)).status).toBe(404);

  const person = await signUp(page);
  await promoteToOperator(person.email);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const orders = new OrdersPage(page);

  // The evaluation: exactly the allowed actions at each step.
  await orders.tab("Evaluations");
  await expect(orders.card(evaluation.id)).toContainText("buyer@example.com");
  await expect(orders.actions(evaluation.id).getByRole("button")).toHaveText(["Assign to me", "Reject…"]);
  await orders.act(evaluation.id, "Assign to me", "Assigned");
  await expect(orders.actions(evaluation.id).getByRole("button")).toHaveText(["Start evaluation", "Reject…"]);
  await orders.act(evaluation.id, "Start evaluation", "In progress");
  await expect(orders.actions(evaluation.id).getByRole("button")).toHaveText(["Complete…", "Reject…"]);
  await orders.actions(evaluation.id).getByRole("button", { name: "Complete…" }).click();
  const form = orders.card(evaluation.id).getByRole("form", { name: "Publish the evaluation" });
  const title = `Evaluated first-hand ${randomUUID().slice(0, 8)}`;
  await form.getByLabel("Rating").selectOption("4");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Findings").fill("Ten calls, all answered; one documented field was missing.");
  await form.getByLabel(/Tags/).fill("latency, docs");
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole("button", { name: "Publish review and complete" }).click();
  await expect(orders.card(evaluation.id).getByTestId("order-status")).toHaveText("Completed");
  await expect(orders.card(evaluation.id)).toContainText("This order is final");
  await expect(
    orders
      .card(evaluation.id)
      .getByRole("list", { name: /History/ })
      .getByRole("listitem"),
  ).toHaveCount(4);

  const done = await pollOrder(request, evaluation);
  expect(done.body.order.status).toBe("completed");
  expect(done.body.order.history.map((e: { status: string }) => e.status)).toEqual([
    "queued",
    "assigned",
    "in_progress",
    "completed",
  ]);
  const { reviewId, reviewUrl } = done.body.order.result;
  expect(reviewUrl).toBe(`${baseURL}/reviews/${reviewId}`);
  const review = (await (await request.get(`/api/reviews/${reviewId}`)).json()).review;
  expect(review).toMatchObject({
    slug,
    title,
    actorType: "human",
    name: person.name,
    rating: 4,
    revision: { humanReviewStatus: "reviewed" },
  });

  // The review is on the service's page, with the human-reviewed badge.
  await page.goto(`/services/${slug}`);
  const card = page.locator(`section#reviews [data-testid="review-card"][data-review-id="${reviewId}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("reviewed-badge")).toBeVisible();

  // The placement: queued → in_review → active.
  await orders.goto();
  await orders.tab("Placements");
  await expect(orders.card(placement.id)).toContainText("Try it today");
  await expect(orders.actions(placement.id).getByRole("button")).toHaveText(["Start review", "Reject…"]);
  // The reject form asks for a reason (not sent here).
  await orders.actions(placement.id).getByRole("button", { name: "Reject…" }).click();
  await expect(
    orders
      .card(placement.id)
      .getByRole("form", { name: "Reject the order" })
      .getByRole("button", { name: "Reject the order" }),
  ).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await orders.actions(placement.id).getByRole("button", { name: "Reject…" }).click();
  await orders.act(placement.id, "Start review", "In review");
  await orders.act(placement.id, "Activate", "Active");
  await expect(orders.actions(placement.id).getByRole("button")).toHaveText(["Expire now…"]);
  await expect(orders.card(placement.id)).toContainText("Active window");

  const active = await pollOrder(request, placement);
  expect(active.body.order).toMatchObject({ status: "active" });
  expect(active.body.order.history.map((e: { status: string }) => e.status)).toEqual(["queued", "in_review", "active"]);
  expect(Date.parse(active.body.order.activeUntil) - Date.parse(active.body.order.activeFrom)).toBe(14 * 86_400_000);

  // Active: it is sold as the paid ad for its targeting, and shown, labelled, in /services' sponsored slot.
  const ad = await buyAd(baseURL!, { request_id: `e2e-ad-${randomUUID()}`, context: { query: word } });
  expect(ad).toMatchObject({ ok: true, ad: { headline: "Try it today", sponsored: true, service: { slug } } });
  await page.goto(`/services?q=${word}`);
  await expect(page.getByRole("complementary", { name: "Sponsored" })).toContainText("Try it today");

  // On the Active tab after a reload, at phone width too.
  await orders.goto("?product=placement&status=active");
  await expect(orders.card(placement.id)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.reload();
  await expect(orders.card(placement.id)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("signed out, /operator/orders sends to sign in; a member sees Operators only", async ({ page }) => {
  await page.goto("/operator/orders");
  expect(new URL(page.url()).pathname).toBe("/sign-in");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/operator/orders");
  await signUp(page);
  await page.goto("/operator/orders");
  await expect(page.getByRole("heading", { name: "Operators only" })).toBeVisible();
  await expect(page.getByText("The order queue is for marketplace operators.")).toBeVisible();
});
