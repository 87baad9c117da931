// The operator dashboard: an agent buys two shortlists and an evaluation with the real x402 client,
// and an operator sees them on /operator (today): the sales figures and the product-and-method table
// grow by exactly those purchases (workers: 1, so no other spec buys meanwhile), the evaluation waits
// in "Needs an operator", the range is in the URL; at 1280 and 390 px with no serious axe violation
// and no sideways scroll. Members see "Operators only"; signed-out visitors are sent to sign in.
import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { buyQueued } from "./pages/order-pages";
import { promoteToOperator, signUp } from "./pages/review-pages";
import { fundedAgent } from "../local-ledger";

interface SalesRow {
  product: string;
  method: string;
  purchases: number;
  usd: string;
}
interface Sales {
  total: { purchases: number; usd: string };
  byProductAndMethod: SalesRow[];
}

async function buyShortlist(baseURL: string): Promise<void> {
  const { pay } = await fundedAgent(baseURL);
  const paid = await pay(`${baseURL}/api/shop/shortlist`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      request_id: `e2e-dash-${randomUUID()}`,
      outcome: "weather forecast API",
      search: "terms",
      limit: 3,
    }),
  });
  expect(paid.status).toBe(200);
}

/** The sales panel's answer as the page's own tRPC query reads it (the operator's session cookie). */
async function salesToday(page: Page): Promise<Sales> {
  const input = encodeURIComponent(JSON.stringify({ range: "today" }));
  const res = await page.request.get(`/api/trpc/operatorDashboard.sales?input=${input}`);
  expect(res.status()).toBe(200);
  return (await res.json()).result.data as Sales;
}

const row = (s: Sales, product: string, method: string) =>
  s.byProductAndMethod.find((r) => r.product === product && r.method === method);
const atomic = (usd: string) => Math.round(Number(usd) * 1e6);

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("signed out: /operator sends to sign in and back; a member sees Operators only", async ({ page }) => {
  await page.goto("/operator?range=30d");
  expect(new URL(page.url()).pathname).toBe("/sign-in");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/operator");
  await signUp(page);
  await page.goto("/operator");
  await expect(page.getByRole("heading", { name: "Operators only" })).toBeVisible();
  await expect(page.getByTestId("panel-sales")).toHaveCount(0);
});

test("an operator sees today's purchases on the dashboard, at 1280 and 390 px", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const person = await signUp(page);
  await promoteToOperator(person.email);
  const before = await salesToday(page);

  await buyShortlist(baseURL!);
  await buyShortlist(baseURL!);
  const { services } = await (await page.request.get("/api/catalog/services?limit=1")).json();
  await buyQueued(
    baseURL!,
    "/api/shop/evaluations",
    {
      request_id: `e2e-dash-eval-${randomUUID()}`,
      service: services[0].slug,
      scope: "Check the main offer against its docs.",
      contact: { email: "buyer@example.com" },
    },
    49,
  );

  const after = await salesToday(page);
  expect(after.total.purchases).toBe(before.total.purchases + 3);
  const shortlist = row(after, "shortlist", "x402-exact")!;
  expect(shortlist.purchases).toBe((row(before, "shortlist", "x402-exact")?.purchases ?? 0) + 2);
  expect(atomic(shortlist.usd)).toBe(atomic(row(before, "shortlist", "x402-exact")?.usd ?? "0") + 2000);
  const evaluation = row(after, "evaluation", "x402-exact")!;
  expect(evaluation.purchases).toBe((row(before, "evaluation", "x402-exact")?.purchases ?? 0) + 1);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/operator?range=today");
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "Today" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const sales = page.getByTestId("panel-sales");
    await expect(sales.getByRole("definition").first()).toHaveText(String(after.total.purchases));
    await expect(sales.getByText(`$${after.total.usd}`, { exact: true }).first()).toBeVisible();
    const shortlistRow = sales
      .getByRole("region", { name: "By product and payment method" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "shortlist" }) })
      .filter({ hasText: "x402 exact" });
    await expect(shortlistRow.getByRole("cell").nth(1)).toHaveText(String(shortlist.purchases));
    await expect(shortlistRow.getByRole("cell").nth(2)).toHaveText(`$${shortlist.usd}`);
    // The chart is drawn (after hydration, under the CSP), and its figures are in a table too.
    await expect(sales.getByTestId("sales-chart").locator("svg.recharts-surface")).toBeVisible();
    await expect(sales.getByRole("table", { name: /^Revenue \(USD\) per hour/ })).toHaveCount(1);
    // The evaluation waits for an operator's move.
    const actions = page.getByTestId("panel-actions");
    await expect(
      actions.getByRole("region", { name: "Orders waiting for a move" }).getByRole("rowheader", { name: "evaluation" }),
    ).toBeVisible();

    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
    expect(await seriousViolations(page), `${width}px`).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `${width}px page width`).toBeLessThanOrEqual(width);
  }

  // The range is in the URL: a link to 30 days opens on 30 days.
  await page.goto("/operator?range=30d");
  await expect(page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "30 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("panel-sales").getByRole("table", { name: /^Revenue \(USD\) per day/ })).toHaveCount(1);
});
