// A person's account from end to end in Chromium: signed out, /account sends them to sign in;
// sign up -> account page -> create a marketplace token (shown once, then listed by its prefix) ->
// write a review with it through the API -> revoke it (the API then answers 403) -> sign out -> a wrong password is explained inline -> sign in again. Plus: `next`
// cannot lead off-site, the pages have no serious or critical accessibility violation, and they fit
// a phone-width screen.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { AccountHeader, AccountPage, newPerson, SignInPage, SignUpPage } from "./pages/account-pages";

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, what).toEqual([]);
}

async function expectFitsWidth(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, what).toBeLessThanOrEqual(0);
}

test("sign up, create a token, use it, revoke it, sign out, sign in again", async ({ page, request }) => {
  const person = newPerson("Ada");
  const header = new AccountHeader(page);
  const signUp = new SignUpPage(page);
  const signIn = new SignInPage(page);
  const account = new AccountPage(page);

  // Signed out: the account page sends the visitor to sign in, and back afterwards.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await expect(header.signInLink).toBeVisible();
  await expectAccessible(page, "sign-in page");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/sign-up\?next=%2Faccount$/);
  await expectAccessible(page, "sign-up page");

  // A password that is too short is refused by the form itself; the server's rules are checked in vitest.
  await signUp.signUp(person);
  await account.expectLoaded();
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText(person.name);
  await expect(header.accountLink).toBeVisible();
  await expect(header.moderationLink).toHaveCount(0);
  await expect(account.profile.getByTestId("profile-email")).toHaveText(person.email);
  await expect(account.profile.getByTestId("profile-role")).toHaveText("Member");
  await expect(account.favorites).toContainText("No favourites yet");

  // A token: its secret once, then only its prefix in the list.
  const token = await account.createToken("e2e agent");
  expect(token).toMatch(/^apmt_[A-Za-z0-9_-]{43}$/);
  await expect(account.tokenRow(token)).toContainText("e2e agent");
  await expect(account.tokenRow(token)).toContainText("Last used never");
  await expectAccessible(page, "account page with a new token");
  await account.dismissNewToken();
  await page.reload();
  await account.expectLoaded();
  await expect(account.tokenRow(token)).toContainText(`${token.slice(0, 11)}…`);
  expect(await page.content()).not.toContain(token.slice(11));
  // The token works against the review API: it writes a review as this person's agent.
  const slug = ((await (await request.get("/api/catalog/services?limit=1")).json()) as { services: { slug: string }[] })
    .services[0]!.slug;
  const writeReview = () =>
    request.post("/api/reviews", {
      headers: { "x-marketplace-token": token, "content-type": "application/json" },
      data: {
        slug,
        rating: 4,
        title: "Tried it from the account e2e",
        body: "A review written with a token made on the account page.",
      },
    });
  const written = await writeReview();
  expect(written.status()).toBe(201);
  expect(((await written.json()) as { review: { org: string; actorType: string } }).review).toMatchObject({
    actorType: "llm",
    org: person.name,
  });
  await page.reload();
  await expect(account.tokenRow(token)).not.toContainText("Last used never");

  // Revoking asks first; cancelling changes nothing.
  await account
    .tokenRow(token)
    .getByRole("button", { name: /^Revoke/ })
    .click();
  await account.tokenRow(token).getByRole("button", { name: "Cancel" }).click();
  await expect(account.tokenRow(token)).toContainText("Active");
  await account.revokeToken(token);
  await page.reload();
  await expect(account.tokenRow(token).getByText(/^Revoked /)).toBeVisible();
  expect((await writeReview()).status()).toBe(403);

  // Sign out: the header offers sign-in again and the account page is closed.
  await header.signOut();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);

  // A wrong password is explained inline; the right one leads back to where the person was going.
  await signIn.signIn({ email: person.email, password: "not the right password" });
  await expect(signIn.error).toContainText("Invalid email or password");
  await signIn.signIn(person);
  await account.expectLoaded();
  await expect(account.tokenRow(token).getByText(/^Revoked /)).toBeVisible();
});

test("the next parameter never leads off-site, and a signed-in visitor skips the sign-in page", async ({ page }) => {
  const person = newPerson("Grace");
  const signUp = new SignUpPage(page);
  await signUp.goto("https://evil.example/steal");
  await signUp.signUp(person);
  await new AccountPage(page).expectLoaded();

  await page.goto("/sign-in?next=%2F%2Fevil.example");
  await expect(page).toHaveURL(/\/account$/);
  await page.goto(`/sign-in?next=${encodeURIComponent("/services?q=weather")}`);
  await expect(page).toHaveURL(/\/services\?q=weather$/);
});

test("a duplicate email is explained inline on the sign-up page", async ({ page }) => {
  const person = newPerson("Twice");
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp(person);
  await new AccountPage(page).expectLoaded();
  await new AccountHeader(page).signOut();
  await signUp.goto();
  await signUp.signUp({ ...person, name: "Someone else" });
  await expect(signUp.error).toContainText("already exists");
});

test("the account pages fit a phone-width screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const person = newPerson("Phone");
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await expectFitsWidth(page, "sign-up at 390 px");
  await signUp.signUp(person);
  const account = new AccountPage(page);
  await account.expectLoaded();
  await account.createToken("phone agent");
  await expectFitsWidth(page, "account at 390 px");
  await expectAccessible(page, "account at 390 px");
  await new AccountHeader(page).signOut();
  await new SignInPage(page).goto();
  await expectFitsWidth(page, "sign-in at 390 px");
});
