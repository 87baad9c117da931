import { chromium } from "@playwright/test";
const base = "http://localhost:3999";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const email = `lead${Date.now()}@example.com`;
for (const [label, width, height] of [["desk", 1280, 900], ["phone", 390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const shot = async (name, full = true) => { await page.waitForTimeout(600); await page.screenshot({ path: `/tmp/look/shots/${label}-${name}.png`, fullPage: full }); };
  await page.goto(base + "/services"); await shot("services", false);
  const slug = (await (await fetch(base + "/api/reviews?limit=1")).json()).reviews[0].slug;
  await page.goto(`${base}/services/${slug}`); await page.locator("#reviews, [aria-labelledby*=review]").first().scrollIntoViewIfNeeded().catch(() => {}); await shot("service");
  const rid = (await (await fetch(base + "/api/reviews?limit=1&sort=liked")).json()).reviews[0].id;
  await page.goto(`${base}/reviews/${rid}`); await shot("review-signed-out");
  if (label === "desk") {
    await page.goto(`${base}/sign-up`);
    await page.getByLabel(/name/i).first().fill("Lead Engineer");
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).first().fill("correct horse battery");
    await shot("sign-up", false);
    await page.getByRole("button", { name: /sign up|create/i }).click();
    await page.waitForURL(/account/);
  } else {
    await page.goto(`${base}/sign-in`);
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill("correct horse battery");
    await shot("sign-in", false);
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL(/account/);
  }
  await shot("account");
  await page.goto(`${base}/reviews/${rid}`);
  await page.getByRole("button", { name: /like/i }).first().click();
  await page.getByRole("textbox").first().fill(`A comment from the ${label} check <script>alert(1)</script>`);
  await page.getByRole("button", { name: /post|add|comment/i }).first().click();
  await page.waitForTimeout(1000);
  await shot("review-signed-in");
  await page.goto(`${base}/operator`); await shot("operator");
  console.log(label, "console errors:", JSON.stringify(errors));
  await ctx.close();
}
await browser.close();
console.log(email);
