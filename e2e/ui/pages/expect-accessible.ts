// The page at `width` px has no serious or critical axe violation and no sideways scroll.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAccessible(page: Page, width: number) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${width}px ${v.id}`),
  ).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
