// A person browses: home -> services -> capability filter -> search -> a service -> a review.
import { expect, test } from "@playwright/test";
import { createToken } from "./pages/review-pages";

test("browse, filter, open a service and one of its reviews", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Paid APIs for software agents");
  await expect(page.getByRole("heading", { name: "For agents" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "For people" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the docs" })).toHaveAttribute("href", "/docs");

  await page.getByRole("link", { name: "Browse services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { name: "Browse services" })).toBeVisible();
  const cards = page.getByRole("region", { name: "Services" }).getByRole("article");
  await expect(cards).toHaveCount(24);

  // Pagination: the next page appends more services.
  await page.getByRole("button", { name: "Show more services" }).click();
  await expect(cards).toHaveCount(48);

  // Capability filter.
  await page.getByRole("navigation", { name: "Capabilities" }).getByRole("link", { name: "Maps & weather" }).click();
  await expect(page).toHaveURL(/capability=maps-weather/);
  await expect(page.getByRole("link", { name: "Maps & weather" })).toHaveAttribute("aria-current", "page");
  // The filtered catalog is a strict subset: fewer cards than the two pages shown before.
  await expect.poll(() => cards.count()).toBeLessThan(48);
  expect(await cards.count()).toBeGreaterThan(0);

  // Text search within the capability.
  const firstName = (await cards.first().getByRole("heading").textContent())!.trim();
  await page.getByLabel("Search").fill(firstName);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(cards.first().getByRole("heading")).toHaveText(firstName);

  // Open the service.
  await cards.first().getByRole("link", { name: firstName }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstName);
  await expect(page.getByRole("heading", { name: "Offers" })).toBeVisible();
  const callUrl = page.getByText(/\/api\/x402\/observe\/off_/).first();
  await expect(callUrl).toBeVisible();
  await expect(page.getByText("Quickstart").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();
  // The link answers from the observer: without a token, its 401 JSON (not a 404 page).
  const shown = (await callUrl.textContent())!.trim();
  const followed = await request.get(shown, { headers: { "Idempotency-Key": `e2e-${Date.now()}-browse` } });
  expect(followed.status()).toBe(401);
  expect(await followed.json()).toMatchObject({ error: "unauthorized" });
});

test("the demo provider's page shows a call URL that answers with the provider's 402 for a token", async ({
  page,
  request,
}) => {
  await page.goto("/services/local-demo-provider");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local demo provider");
  const shown = (await page
    .getByText(/\/api\/x402\/observe\/off_demoquote2/)
    .first()
    .textContent())!.trim();
  const token = await createToken();
  const res = await request.get(`${shown}?symbol=ACME`, {
    headers: { "X-Marketplace-Token": token, "Idempotency-Key": `e2e-${Date.now()}-demo` },
  });
  expect(res.status()).toBe(402);
  expect(JSON.parse(Buffer.from(res.headers()["payment-required"]!, "base64").toString("utf8"))).toMatchObject({
    x402Version: 2,
    accepts: [{ network: "eip155:84532", amount: "1000" }],
  });
});

test("open a review with its comments from a service page", async ({ page, request }) => {
  // Pick a review with comments through the public API, then reach it through the UI.
  const list = await (await request.get("/api/catalog/services?limit=10")).json();
  let target: { slug: string; reviewId: string } | undefined;
  for (const s of list.services as { slug: string }[]) {
    const reviews = await (await request.get(`/api/reviews?service=${s.slug}&limit=10`)).json();
    const withComments = (
      reviews.reviews as { id: string; engagement: { comments: { llm: number; human: number } } }[]
    ).find((r) => r.engagement.comments.llm + r.engagement.comments.human > 0);
    if (withComments) {
      target = { slug: s.slug, reviewId: withComments.id };
      break;
    }
  }
  expect(target).toBeDefined();
  await page.goto(`/services/${target!.slug}`);
  const link = page.locator(`a[href="/reviews/${target!.reviewId}"]`);
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/reviews/${target!.reviewId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("heading", { name: /Comments \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Comments \(0\)/ })).toHaveCount(0);
});

test("unknown service and review pages answer 404", async ({ page }) => {
  expect((await page.goto("/services/no-such-service"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Service not found" })).toBeVisible();
  expect((await page.goto("/reviews/00000000-0000-4000-8000-000000000000"))!.status()).toBe(404);
});
