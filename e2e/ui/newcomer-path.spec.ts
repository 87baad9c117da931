// A newcomer's whole path with nothing but the pages and a paying x402 client, on the app as
// `npm start` runs it (the sandbox answers every seeded offer; the probe scheduler probes them soon
// after start): sign up, create a token on /account, open a seeded service's page, run the
// quickstart shown there (402 from the sandbox provider through the observer, then paid with
// @x402/fetch → 200 with an answer built from the request), and the page then shows the call and
// the health the marketplace's own probes observed: a real probe, not one recorded by the test.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { profileOf } from "../../server/sandbox/profiles";
import { AccountPage } from "./pages/account-pages";
import { signUp } from "./pages/review-pages";
import { fundedAgent } from "../local-ledger";

interface Offer {
  protocol: string;
  method: string;
  quickstart: string;
  routedByMarketplace: boolean;
  health: { state: string; lastProbedAt: string | null };
}

/** A seeded service with a healthy sandbox provider and an x402 offer, from the end of the list's
 * first hundred (other specs use its start and middle), with its record. */
async function newcomerService(request: APIRequestContext) {
  const { services } = await (await request.get("/api/catalog/services?limit=100")).json();
  const slugs = (services as { slug: string; protocols: string[] }[])
    .slice(75, 95)
    .filter((s) => s.protocols.includes("x402") && profileOf(s.slug).kind === "healthy")
    .map((s) => s.slug);
  const slug = slugs[0]!;
  const record = async () =>
    (await (await request.get(`/api/catalog/services/${slug}`)).json()).service as {
      sandbox: boolean;
      offers: Offer[];
    };
  return { slug, record };
}

test("newcomer: token on /account → a seeded offer's quickstart paid → 200 → the page shows the call and the probes' health", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { slug, record } = await newcomerService(request);

  // The probe scheduler reaches every offer within a few minutes of start (it probes a few a second).
  await expect
    .poll(async () => (await record()).offers.find((o) => o.protocol === "x402")!.health.lastProbedAt, {
      timeout: 180_000,
      intervals: [2_000],
    })
    .not.toBeNull();
  const service = await record();
  expect(service.sandbox).toBe(true);
  const index = service.offers.findIndex((o) => o.protocol === "x402");
  const offer = service.offers[index]!;
  expect(offer).toMatchObject({ routedByMarketplace: true, health: { state: "conformant" } });

  await signUp(page, { next: "/account" });
  const token = await new AccountPage(page).createToken("newcomer");

  // The quickstart as the service page shows it, for that offer.
  await page.goto(`/services/${slug}`);
  const quickstart = (await page.locator("pre code").nth(index).textContent())!;
  expect(quickstart).toBe(offer.quickstart);
  const url = /'([^']+)'/.exec(quickstart)![1]!;
  const body = offer.method === "POST" ? /-d '([^']*)'/.exec(quickstart)![1]! : undefined;
  const headers: Record<string, string> = {
    "X-Marketplace-Token": token,
    "Idempotency-Key": `newcomer-${Date.now()}`,
    ...(body ? { "Content-Type": "application/json" } : {}),
  };

  expect((await fetch(url, { method: offer.method, headers, body })).status).toBe(402);
  const { pay } = await fundedAgent(baseURL!);
  const paid = await pay(url, { method: offer.method, headers, body });
  expect(paid.status).toBe(200);
  expect(paid.headers.get("payment-response")).toBeTruthy();
  expect(((await paid.json()) as { result: { sandbox: boolean; service: string } }).result).toMatchObject({
    sandbox: true,
    service: slug,
  });

  // The service page: the call, and the health the probes observed (today's cell of the strip).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/services/${slug}`);
    await expect(page.getByTestId("call-charts").getByText(/Calls per day \(1 in 30 days\)/)).toBeVisible();
    const health = page.getByTestId("health-section");
    await expect(health.getByRole("heading", { name: "Health observed by the marketplace" })).toBeVisible();
    const strip = health.getByRole("list", { name: /Uptime per day, last 30 days/ });
    await expect(strip.getByRole("listitem")).toHaveCount(30);
    await expect(strip.getByRole("listitem").last()).not.toHaveAttribute("data-status", "no_data");
    await expect(page.getByTestId("offer-health").first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
      `axe at ${width} px`,
    ).toEqual([]);
  }
});
