// Page objects for the account flows (sign up, sign in, the account page and the header's account
// links), shared by the account and review specs.
import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";

export interface PersonDetails {
  name: string;
  email: string;
  password: string;
}

/** A person nobody has signed up as yet in this run. */
export function newPerson(name = "E2E Person"): PersonDetails {
  const id = randomBytes(5).toString("hex");
  return {
    name: `${name} ${id}`,
    email: `e2e-${id}@example.com`,
    password: `pw-${randomBytes(9).toString("base64url")}`,
  };
}

const nextQuery = (next?: string) => (next ? `?next=${encodeURIComponent(next)}` : "");

/** The header's account links. */
export class AccountHeader {
  constructor(readonly page: Page) {}
  get nav(): Locator {
    return this.page.getByRole("navigation", { name: "Main" });
  }
  get signInLink(): Locator {
    return this.nav.getByRole("link", { name: "Sign in" });
  }
  get accountLink(): Locator {
    return this.nav.getByRole("link", { name: "Account" });
  }
  get moderationLink(): Locator {
    return this.nav.getByRole("link", { name: "Moderation" });
  }
  async signOut(): Promise<void> {
    await this.nav.getByRole("button", { name: "Sign out" }).click();
    await expect(this.signInLink).toBeVisible();
  }
}

export class SignUpPage {
  constructor(readonly page: Page) {}
  async goto(next?: string): Promise<void> {
    await this.page.goto(`/sign-up${nextQuery(next)}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  }
  async fill(person: PersonDetails): Promise<void> {
    await this.page.getByLabel("Name").fill(person.name);
    await this.page.getByLabel("Email").fill(person.email);
    await this.page.getByLabel("Password").fill(person.password);
  }
  /** Submits the form; the caller waits for where it leads (or for `error`). */
  async signUp(person: PersonDetails): Promise<void> {
    await this.fill(person);
    await this.page.getByRole("button", { name: "Create account" }).click();
  }
  /** The form's own error message (Next.js keeps an empty route announcer with role=alert too). */
  get error(): Locator {
    return this.page.getByRole("form", { name: "Create an account" }).getByRole("alert");
  }
}

export class SignInPage {
  constructor(readonly page: Page) {}
  async goto(next?: string): Promise<void> {
    await this.page.goto(`/sign-in${nextQuery(next)}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  }
  async signIn(person: Pick<PersonDetails, "email" | "password">): Promise<void> {
    await this.page.getByLabel("Email").fill(person.email);
    await this.page.getByLabel("Password").fill(person.password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }
  get error(): Locator {
    return this.page.getByRole("form", { name: "Sign in" }).getByRole("alert");
  }
}

export class AccountPage {
  readonly header: AccountHeader;
  constructor(readonly page: Page) {
    this.header = new AccountHeader(page);
  }
  async goto(): Promise<void> {
    await this.page.goto("/account");
    await this.expectLoaded();
  }
  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/account$/);
    await expect(this.page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  }
  get profile(): Locator {
    return this.page.getByRole("region", { name: "Profile" });
  }
  get tokens(): Locator {
    return this.page.getByRole("region", { name: "Marketplace tokens" });
  }
  get favorites(): Locator {
    return this.page.getByRole("region", { name: "Favourites" });
  }
  /** Creates a token and returns its secret, read from the one place it is ever shown. */
  async createToken(name: string): Promise<string> {
    await this.tokens.getByLabel("Token name").fill(name);
    await this.tokens.getByRole("button", { name: "Create token" }).click();
    const secret = this.tokens.getByTestId("new-token");
    await expect(secret).toBeVisible();
    return (await secret.textContent())!.trim();
  }
  async dismissNewToken(): Promise<void> {
    await this.tokens.getByRole("button", { name: "I have copied it" }).click();
    await expect(this.tokens.getByTestId("new-token")).toHaveCount(0);
  }
  /** The listed token whose prefix is the first 11 characters of `token`. */
  tokenRow(token: string): Locator {
    return this.tokens.locator(`[data-testid="token-row"][data-prefix="${token.slice(0, 11)}"]`);
  }
  async revokeToken(token: string): Promise<void> {
    const row = this.tokenRow(token);
    await row.getByRole("button", { name: /^Revoke/ }).click();
    await row.getByRole("button", { name: "Yes, revoke" }).click();
    await expect(row.getByText(/^Revoked /)).toBeVisible();
  }
  favoriteLink(title: string): Locator {
    return this.favorites.getByRole("link", { name: title });
  }
  async changePassword(current: string, next: string): Promise<void> {
    const form = this.page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill(current);
    await form.getByLabel("New password", { exact: true }).fill(next);
    await form.getByLabel("Repeat the new password").fill(next);
    await form.getByRole("button", { name: "Change password" }).click();
  }
}
