// What the marketplace's probes observed, on the pages: the service page's health section (a 30-day
// uptime strip with "no data" days, the latency chart drawn under the CSP with its table, the
// conformance checklist, each offer's health), axe clean and no sideways scroll at desktop and phone
// width; the list's health badge; and an operator confirming a payee change on the moderation page,
// after which the service page shows it resolved and routing no longer stopped. Probes and the change
// are recorded beside the app (e2e/ui/pages/record-probes.ts): the scheduler's own probes may add to
// them, so figures are checked for their form, not their values.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { profileOf } from "../../server/sandbox/profiles";
import { promoteToOperator, runBesideApp, signUp } from "./pages/review-pages";

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

const HEALTH_BADGE = /^Health: (Conformant|Non-conformant|Unreachable|Not probed yet)/;

/** A seeded service whose sandbox provider is healthy and that has an x402 offer, from the middle of
 * the list (the call and review specs use its ends), skipping the first `skip` such services. */
async function healthyService(request: APIRequestContext, skip: number): Promise<{ slug: string; name: string }> {
  const { services } = await (await request.get("/api/catalog/services?limit=100")).json();
  const fit = (services as { slug: string; name: string; protocols: string[] }[])
    .slice(30, 70)
    .filter((s) => s.protocols.includes("x402") && profileOf(s.slug).kind === "healthy");
  return fit[skip]!;
}

const recordProbes = async (slug: string, extra: string[] = []) =>
  JSON.parse(
    (await runBesideApp("e2e/ui/pages/record-probes.ts", ["--slug", slug, "--days", "20", ...extra]))
      .trim()
      .split("\n")
      .at(-1)!,
  ) as { probes: number; changeId?: string; offerId?: string; cataloguedPayTo?: string };

test("the service page shows the health section: strip, chart under the CSP, checklist, offers' health; axe clean at 1280 and 390 px", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { slug } = await healthyService(request, 0);
  await recordProbes(slug);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`),
    );
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const res = await page.goto(`/services/${slug}`);
    expect(res!.status()).toBe(200);
    const section = page.getByTestId("health-section");
    await expect(section.getByRole("heading", { name: "Health observed by the marketplace" })).toBeVisible();
    await expect(section.getByText(HEALTH_BADGE).first()).toBeVisible();
    // One cell per UTC day, 30 of them; probes were recorded for 20, so the oldest days have no data.
    const strip = section.getByRole("list", { name: /Uptime per day, last 30 days/ });
    await expect(strip.getByRole("listitem")).toHaveCount(30);
    await expect(strip.locator('[data-status="no_data"]').first()).toBeAttached();
    await expect(strip.getByText(/: no data$/).first()).toBeAttached();
    await expect(strip.locator('[data-status="ok"], [data-status="issues"], [data-status="down"]')).not.toHaveCount(0);
    // The latency chart draws in the browser; its figures are in a table for screen readers.
    await expect(section.getByTestId("probe-latency-chart").locator("svg").first()).toBeVisible();
    await expect(section.getByRole("table", { name: /Probes, uptime and latency per day/ })).toBeAttached();
    // Every conformance check is listed with its state.
    await expect(section.getByTestId("conformance-checklist").getByRole("listitem")).toHaveCount(9);
    await expect(section.getByRole("heading", { name: "Payment-terms changes" })).toBeVisible();
    // Each offer shows its health in the offer table.
    await expect(page.getByTestId("offer-health").first()).toBeVisible();

    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});

test("the service list shows a health badge on every card", async ({ page }) => {
  await page.goto("/services");
  const cards = page.getByRole("region", { name: "Services" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < Math.min(count, 6); i++) await expect(cards.nth(i).getByText(HEALTH_BADGE)).toBeVisible();
});

test("an operator confirms a payee change: it leaves the list, the service page shows it resolved and routing resumed", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const service = await healthyService(request, 1);
  const change = await recordProbes(service.slug, ["--terms-change"]);
  expect(change.changeId).toBeTruthy();

  // The service page says routing is stopped while the change is open.
  await page.goto(`/services/${service.slug}`);
  const health = page.getByTestId("health-section");
  await expect(health.getByText(/^Routing stopped for /)).toBeVisible();
  await expect(health.getByText(/Open: routing stopped until an operator confirms the new terms/)).toBeVisible();

  const person = await signUp(page);
  await promoteToOperator(person.email);
  await page.goto("/operator/moderation");
  const section = page.getByTestId("open-terms-changes");
  await expect(section.getByRole("heading", { name: "Payment-terms changes" })).toBeVisible();
  const card = section.getByRole("article", { name: new RegExp(`^${service.name}: `) });
  await expect(card).toBeVisible();
  await expect(card.getByText(change.cataloguedPayTo!)).toBeVisible();
  await expect(card.getByText("routing stopped")).toBeVisible();
  await expect(card.getByText(/^Latest probe /)).toBeVisible();

  // A double click confirms once; the second is answered the same (idempotent), no error shown.
  await card.getByRole("button", { name: /^Confirm new terms/ }).dblclick();
  await expect(card.getByRole("status")).toContainText("the offer now uses the observed terms");
  await expect(card.getByRole("button", { name: /^New terms confirmed/ })).toBeDisabled();
  await expect(card.getByRole("alert")).toHaveCount(0);

  // Gone from the open list on the next load; the service page shows it resolved.
  await page.reload();
  await expect(section.getByRole("article", { name: new RegExp(`^${service.name}: `) })).toHaveCount(0);
  await page.goto(`/services/${service.slug}`);
  await expect(health.getByText(/an operator confirmed the new terms\.$/)).toBeVisible();
  await expect(health.getByText(/^Routing stopped for /)).toHaveCount(0);
});
