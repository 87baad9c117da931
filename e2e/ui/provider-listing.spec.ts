// A provider lists an API on the site (issue 27): signed out, /providers/new asks to sign in; a
// person signs up, pastes a seeded sandbox provider's resource URL, sees the draft (the probe's
// verdict, the offer with its payee), changes the capability, proves the payee with a browser wallet
// (an EIP-1193 provider injected as window.ethereum, whose signing is done here with viem from the
// sandbox payee's key, server/sandbox/sandbox-payee.ts), submits it for review, and finds it on
// /providers; once approved and tested, its owner's pages show its probes, tests, calls and reviews
// (another person gets 404). A second person, with no wallet, pastes a signature made elsewhere. Axe
// clean and no sideways scroll at 1280 and 390 px. With SHOTS_DIR set, the pages are photographed at
// both widths.
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import { profileOf } from "../../server/sandbox/profiles";
import { sandboxPayeeKey } from "../../server/sandbox/sandbox-payee";
import { expectAccessible } from "./pages/expect-accessible";
import { injectWallet } from "./pages/injected-wallet";
import { promoteToOperator, signUp } from "./pages/review-pages";

/** The `nth` seeded healthy sandbox service's GET x402 offer (each test lists its own): its slug and resource
 * URL. Not one the seed's tests found returning no output: that provider takes the payment and answers 502. */
async function sandboxOffer(request: APIRequestContext, nth = 0): Promise<{ slug: string; url: string }> {
  const { services } = await (await request.get("/api/catalog/services?limit=100")).json();
  for (const s of (services as { slug: string; protocols: string[]; testStatus: string }[]).slice(70)) {
    if (!s.protocols.includes("x402") || profileOf(s.slug).kind !== "healthy" || s.testStatus === "tested-no-output")
      continue;
    const { service } = await (await request.get(`/api/catalog/services/${s.slug}`)).json();
    const offer = (service.offers as { protocol: string; method: string; providerUrl: string; path: string }[]).find(
      (o) => o.protocol === "x402" && o.method === "GET",
    );
    if (offer && nth-- === 0) return { slug: s.slug, url: `${offer.providerUrl}${offer.path}` };
  }
  throw new Error("no healthy sandbox service with a GET x402 offer");
}

/** With SHOTS_DIR set, a full-page photograph of `page` at its current width. */
async function shoot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Signs `page` up and makes the draft of the sandbox offer at `url`; its editor. */
async function draftOf(page: Page, url: string) {
  await signUp(page, { next: "/providers/new" });
  await expect(page.getByRole("heading", { level: 1, name: "List an API" })).toBeVisible();
  await page.getByLabel("Resource URLs, one per line").fill(url);
  await page.getByRole("button", { name: "Create the draft" }).click();
  const editor = page.getByTestId("listing-editor");
  await expect(editor.getByTestId("listing-status")).toHaveText("Draft");
  return editor;
}

test("a person lists a sandbox provider, edits it, proves the payee and submits it; an operator approves it, the marketplace tests it, and its page shows both; axe clean at 1280 and 390 px", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `Tide tables ${Date.now().toString(36)}`;
  const offer = await sandboxOffer(request);
  // The service's payee, whose key the sandbox derives from the slug.
  const payee = privateKeyToAccount(sandboxPayeeKey(offer.slug));
  const wallet = await injectWallet(page, payee);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/providers/new");
  await expect(page.getByRole("heading", { level: 1, name: "List your x402 API" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toHaveAttribute(
    "href",
    "/sign-in?next=%2Fproviders%2Fnew",
  );

  const editor = await draftOf(page, offer.url);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" })).toBeVisible();
  const verdict = editor.getByTestId("probe-verdicts").getByRole("listitem").first();
  await expect(verdict).toHaveAttribute("data-outcome", "offer");
  await expect(verdict).toContainText(offer.url);
  await expect(editor.getByTestId("listing-offers")).toContainText(payee.address, { ignoreCase: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `providers-new-${width}`);
    await expectAccessible(page, width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The name and the capability: a person's choice replaces the guess.
  await editor.getByLabel("Name").fill(name);
  const capability = editor.getByLabel("Capability");
  const current = await capability.inputValue();
  const next = current === "web-data" ? "search" : "web-data";
  await capability.selectOption(next);
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(editor.getByTestId("capability-hint")).toHaveText("Chosen by you.");
  await expect(editor.getByLabel("Capability")).toHaveValue(next);
  // A bad URL is refused under its field.
  await editor.getByLabel("Website (https)").fill("http://insecure.example.com");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByText("Must be an https URL.")).toBeVisible();
  await expect(editor.getByLabel("Website (https)")).toHaveAttribute("aria-invalid", "true");
  await editor.getByLabel("Website (https)").fill("");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // The payee, proven with the wallet: the first request is declined in the wallet, which the page
  // says plainly; the second is signed (with the sandbox payee's key, in the wallet) and sent.
  const row = editor.locator(`[data-testid="payee-row"]`).first();
  await expect(row).toContainText("Not proven");
  await row.getByRole("button", { name: /^Prove/ }).click();
  const typedData = JSON.parse((await row.getByTestId("typed-data").textContent())!);
  expect(typedData.message.listingId).toBe(await editor.getAttribute("data-listing-id"));
  wallet.rejectNext = true;
  await row.getByRole("button", { name: "Sign with wallet" }).click();
  await expect(row.getByText("You declined the request in your wallet. Nothing was signed.")).toBeVisible();
  await expect(row).toContainText("Not proven");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `providers-proof-${width}`);
    if (process.env.SHOTS_DIR)
      await row.screenshot({ path: path.join(process.env.SHOTS_DIR, `proof-row-${width}.png`) });
    await expectAccessible(page, width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("button", { name: "Sign with wallet" }).click();
  await expect(row).toContainText("Payee verified");
  // As a standard wallet is asked: connect, then eth_signTypedData_v4 with [the payee, the typed data as JSON text].
  const signing = wallet.calls.filter((c) => c.method === "eth_signTypedData_v4");
  expect(signing).toHaveLength(2);
  expect((signing[1]!.params[0] as string).toLowerCase()).toBe(payee.address.toLowerCase());
  expect(JSON.parse(signing[1]!.params[1] as string)).toEqual(typedData);
  expect(wallet.calls[0]!.method).toBe("eth_requestAccounts");

  await editor.getByRole("button", { name: "Submit for review" }).click();
  await expect(editor.getByTestId("listing-status")).toHaveText("Waiting for review");
  const id = (await editor.getAttribute("data-listing-id"))!;

  // The provider's page lists it, and links to its edit view.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your listings" })).toBeVisible();
  const listed = page.getByTestId("listing-row").first();
  await expect(listed).toContainText("Waiting for review");
  await expect(listed).toContainText("revision 1");
  await expect(listed).toContainText("1 of 1 proven");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, width);
  }
  await listed.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/providers/${id}$`));
  await expect(page.getByTestId("listing-status")).toHaveText("Waiting for review");
  await expect(page.locator('[data-testid="payee-row"]').first()).toContainText("Payee verified");
  await expectAccessible(page, 390);

  // An operator approves it from the moderation page.
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  const operator = await signUp(operatorPage);
  await promoteToOperator(operator.email);
  await operatorPage.goto("/operator/moderation");
  const waiting = operatorPage.getByTestId("listing-review").filter({ hasText: name });
  await expect(waiting).toContainText("proven");
  await waiting.getByRole("button", { name: "Approve" }).click();
  // The approval writes the catalog and re-indexes it (embeddings) before it answers: seconds on a busy machine.
  await expect(waiting.getByRole("status")).toContainText("(payee verified)", { timeout: 30_000 });
  // An operator can also test it again from the moderation page: each offer paid once, its answer shown.
  const href = (await waiting.getByRole("link", { name: "its service page" }).getAttribute("href"))!;
  const runTest = operatorPage.getByTestId("run-service-test");
  await runTest.getByLabel("Service (slug)").fill(decodeURIComponent(href.split("/").pop()!));
  await runTest.getByRole("button", { name: "Run the test" }).click();
  await expect(runTest.getByRole("status")).toContainText("Tested: returned output", { timeout: 30_000 });
  await expect(runTest.getByRole("listitem").first()).toContainText(": output (HTTP 200)");
  for (const width of [1280, 390]) {
    await operatorPage.setViewportSize({ width, height: 900 });
    await shoot(operatorPage, `operator-${width}`);
  }
  await waiting.getByRole("link", { name: "its service page" }).click();
  await expect(operatorPage.getByRole("heading", { level: 1, name })).toBeVisible();
  await operatorContext.close();

  // The approval tested it (a paid call through the observer by the marketplace's test wallet): its
  // page, for anyone, shows the payee verified and the test's outcome; the record links the test review.
  const slug = await serviceSlug(request, name);
  await page.goto(`/services/${slug}`);
  await expect(page.getByText("Payee verified", { exact: true }).first()).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Tested: returned output").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const { service } = await (await request.get(`/api/catalog/services/${slug}`)).json();
  expect(service).toMatchObject({ testStatus: "tested-output", payeeVerified: true });
  expect(service.reviewUrl).toMatch(/\/reviews\//);
  const review = await request.get(service.reviewUrl);
  expect(review.status()).toBe(200);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `service-${width}`);
    await expectAccessible(page, width);
  }

  // Its owner's page says what the operator decided and what the catalog has of it.
  await page.goto("/providers");
  const outcome = page.getByTestId("listing-row").filter({ hasText: name }).getByTestId("listing-outcome");
  await expect(outcome).toContainText("revision 1 approved");
  await expect(outcome).toContainText("Tested: returned output");
  await expect(outcome).toContainText("payee verified");
  await expect(outcome.getByRole("link", { name: "its service page" })).toHaveAttribute("href", `/services/${slug}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `providers-${width}`);
  }
  await expectAccessible(page, 390);

  // What happened to it since, for its owner: the summary on /providers and the sections of its page
  // (the approval's and the operator's tests, their paid calls through the observer, the test review).
  const summary = page.getByTestId("listing-row").filter({ hasText: name }).getByTestId("listing-activity-summary");
  await expect(summary).toContainText("latest output");
  await expect(summary).not.toContainText("no calls yet");
  await expect(summary).toContainText("verified purchase");
  await page.goto(`/providers/${id}`);
  const activity = page.getByTestId("listing-activity");
  for (const heading of ["Probes of your service", "Marketplace tests", "Calls through the marketplace", "Reviews"])
    await expect(activity.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  const tests = activity.getByRole("list", { name: "Marketplace tests, newest first" });
  await expect(tests.getByRole("listitem").filter({ hasText: "approval" }).first()).toContainText("output");
  const operatorTest = tests.getByRole("listitem").filter({ hasText: "operator" }).first();
  await expect(operatorTest).toContainText("$0.");
  await operatorTest.getByText(/^Answer excerpt/).click();
  await expect(operatorTest.locator("pre")).not.toBeEmpty();
  await expect(operatorTest.getByRole("link", { name: "The test review" })).toHaveAttribute("href", /^\/reviews\//);
  const calls = activity.getByTestId("activity-calls");
  await expect(calls.getByRole("definition").first()).not.toHaveText("0");
  await expect(calls.getByRole("table", { name: "Calls per status" })).toContainText("200");
  await expect(calls.getByRole("table", { name: "Latest calls" }).getByRole("row")).not.toHaveCount(1);
  const reviews = activity.getByTestId("activity-reviews");
  await expect(reviews.getByText("Verified share")).toBeVisible();
  await expect(reviews.getByRole("list", { name: "Latest reviews" }).getByRole("link").first()).toHaveAttribute(
    "href",
    /^\/reviews\//,
  );
  // Probes depend on the schedule: either the latest probes or the empty state, never nothing.
  const probes = activity.getByTestId("activity-probes");
  await expect(
    probes.getByRole("table", { name: "Latest probes" }).or(probes.getByTestId("activity-probes-empty")),
  ).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `provider-listing-${width}`);
    await expectAccessible(page, width);
  }

  // Nobody else sees it: another person's page is the 404, and the API without a credential 401.
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await signUp(strangerPage);
  expect((await strangerPage.goto(`/providers/${id}`))?.status()).toBe(404);
  expect((await strangerPage.request.get(`/api/listings/${id}/activity`)).status()).toBe(404);
  await strangerContext.close();
  expect((await request.get(`/api/listings/${id}/activity`)).status()).toBe(401);
});

test("a person with no browser wallet proves the payee by pasting a signature made elsewhere", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const offer = await sandboxOffer(request, 1);
  const payee = privateKeyToAccount(sandboxPayeeKey(offer.slug));
  await page.setViewportSize({ width: 390, height: 900 });
  const editor = await draftOf(page, offer.url);
  const row = editor.locator(`[data-testid="payee-row"]`).first();
  await row.getByRole("button", { name: /^Prove/ }).click();
  const typedData = JSON.parse((await row.getByTestId("typed-data").textContent())!);
  // No injected wallet in this browser: the wallet button says so and does nothing.
  await expect(row.getByRole("button", { name: "Sign with wallet" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "No browser wallet found" })).toBeDisabled();
  if (process.env.SHOTS_DIR)
    await row.screenshot({ path: path.join(process.env.SHOTS_DIR, "proof-row-no-wallet-390.png") });
  // A signature that is not hex is refused under the field; the real one is accepted.
  await row.getByLabel("Signature (0x…)").fill("not a signature");
  await row.getByRole("button", { name: "Send proof" }).click();
  await expect(row.getByText("A 0x hexadecimal signature.")).toBeVisible();
  await row.getByLabel("Signature (0x…)").fill(await payee.signTypedData(typedData));
  await row.getByRole("button", { name: "Send proof" }).click();
  await expect(row).toContainText("Payee verified");
  await expectAccessible(page, 390);
});

/** The slug the approval gave the listed service, from the free search by its name. */
async function serviceSlug(request: APIRequestContext, name: string): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    const { services } = await (await request.get(`/api/catalog/search?q=${encodeURIComponent(name)}&limit=5`)).json();
    found = (services as { slug: string; name: string }[]).find((s) => s.name === name)?.slug;
    expect(found).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return found!;
}
