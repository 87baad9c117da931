// Attaching wallets on /account (issue 28): an agent signs in with its wallet alone and reviews a
// service; its person signs up and, on /account, attaches that wallet with the browser's wallet (an
// EIP-1193 provider injected as window.ethereum, personal_sign done here with viem): a refusal first,
// then a signature. The wallet is listed, its token joins the account's tokens, and the answer says
// what came with it. A second wallet is attached by pasting a signature made elsewhere. Axe clean
// and no sideways scroll at 1280 and 390 px; with SHOTS_DIR set, the section is photographed at both.
import { expect, test } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expectAccessible } from "./pages/expect-accessible";
import { injectWallet } from "./pages/injected-wallet";
import { postJson as post } from "./pages/post-json";
import { signUp } from "./pages/review-pages";

/** A token for `account` by wallet sign-in, as the docs show it. */
async function walletToken(baseURL: string, account: PrivateKeyAccount, name: string): Promise<string> {
  const challenge = await post(baseURL, "/api/auth/wallet/challenge", { address: account.address });
  expect(challenge.status).toBe(201);
  const signature = await account.signMessage({ message: challenge.body.message as string });
  const signedIn = await post(baseURL, "/api/auth/wallet/token", {
    payload: { ...(challenge.body.payload as object), signature },
    name,
  });
  expect(signedIn.status).toBe(201);
  return signedIn.body.token as string;
}

test("a person attaches their agent's wallet on /account with the browser wallet (after a refusal), and another by pasting a signature; axe clean at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = privateKeyToAccount(generatePrivateKey());
  const agentName = `wallet agent ${Date.now().toString(36)}`;
  const token = await walletToken(baseURL!, account, agentName);
  const { services } = (await (await fetch(`${baseURL}/api/catalog/services?limit=5`)).json()) as {
    services: { slug: string }[];
  };
  const reviewed = await post(
    baseURL!,
    "/api/reviews",
    { slug: services[3]!.slug, rating: 4, title: "Worked for my agent", body: "Signed in with a wallet only." },
    { "x-marketplace-token": token },
  );
  expect(reviewed.status).toBe(201);

  const wallet = await injectWallet(page, account);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, { next: "/account" });
  const section = page.getByRole("region", { name: "Wallets" });
  await expect(section.getByText("No wallet attached.")).toBeVisible();

  // The person refuses in the wallet first: said plainly, nothing attached.
  wallet.rejectNext = true;
  await section.getByRole("button", { name: "Attach the wallet in this browser" }).click();
  await expect(section.getByText("You declined the request in your wallet. Nothing was signed.")).toBeVisible();
  await expect(section.getByText("No wallet attached.")).toBeVisible();

  await section.getByRole("button", { name: "Attach the wallet in this browser" }).click();
  await expect(
    section.getByText("Wallet attached. It brought 1 token, 1 review and 0 comments to your account."),
  ).toBeVisible();
  const list = section.getByRole("list", { name: "Your wallets" });
  await expect(list.getByText(account.address)).toBeVisible();
  await expect(list.getByText(/1 active token · 1 review/)).toBeVisible();
  // The wallet's token is the account's now.
  await expect(
    page.getByRole("list", { name: "Your tokens" }).getByRole("button", { name: `Revoke ${agentName}` }),
  ).toBeVisible();
  // The signing was a personal_sign of the challenge (hex of its text) from the wallet's account.
  const signed = wallet.calls.filter((c) => c.method === "personal_sign");
  expect(signed.at(-1)!.params[1]).toBe(account.address);
  expect(Buffer.from((signed.at(-1)!.params[0] as string).slice(2), "hex").toString()).toContain(account.address);
  await expectAccessible(page, 1280);
  if (process.env.SHOTS_DIR) await section.screenshot({ path: `${process.env.SHOTS_DIR}/account-wallets-1280.png` });

  // A second wallet, signed elsewhere and pasted, at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  const other = privateKeyToAccount(generatePrivateKey());
  await section.getByLabel("Or sign elsewhere: the wallet's address").fill(other.address);
  await section.getByRole("button", { name: "Get the message to sign" }).click();
  const message = await section.getByTestId("wallet-challenge-message").textContent();
  expect(message).toContain(other.address);
  // A wrong signature first (another key's): the marketplace's refusal is shown.
  await section
    .getByRole("textbox", { name: "Signature" })
    .fill(await privateKeyToAccount(generatePrivateKey()).signMessage({ message: message! }));
  await section.getByRole("button", { name: "Attach the wallet", exact: true }).click();
  await expect(section.getByRole("alert")).toBeVisible();
  await section.getByRole("textbox", { name: "Signature" }).fill(await other.signMessage({ message: message! }));
  await section.getByRole("button", { name: "Attach the wallet", exact: true }).click();
  await expect(
    section.getByText("Wallet attached. It brought 0 tokens, 0 reviews and 0 comments to your account."),
  ).toBeVisible();
  await expect(list.getByText(other.address)).toBeVisible();
  await expectAccessible(page, 390);
  if (process.env.SHOTS_DIR) await section.screenshot({ path: `${process.env.SHOTS_DIR}/account-wallets-390.png` });
});
