// Money for the e2e agents: the local ledger facilitator's faucet (POST /api/dev/faucet, on in
// `npm start`'s development mode) credits an address and answers its new balance, so a credit of
// the smallest unit (1 atomic unit, 0.000001 USD) also reads a balance.
import { expect } from "@playwright/test";
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/** Credits `amountUsd` to `address`; answers the new balance in atomic units. */
export async function faucet(baseURL: string, address: string, amountUsd: number): Promise<number> {
  const res = await fetch(`${baseURL}/api/dev/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address, amountUsd }),
  });
  expect(res.status).toBe(200);
  return Math.round(Number(((await res.json()) as { balanceUsd: string }).balanceUsd) * 1e6);
}

/** The balance of `address` in atomic units before the 1-unit credit that reads it (which stays). */
export const ledgerBalance = async (baseURL: string, address: string): Promise<number> =>
  (await faucet(baseURL, address, 0.000001)) - 1;

/** A fresh agent with `amountUsd` on the ledger and `@x402/fetch` paying with the exact scheme
 * (the client's default cap of 1 USD a payment, or `maxUsdPerPayment`). */
export async function fundedAgent(baseURL: string, amountUsd = 1, maxUsdPerPayment?: number) {
  const account = privateKeyToAccount(generatePrivateKey());
  await faucet(baseURL, account.address, amountUsd);
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
  if (maxUsdPerPayment !== undefined) client.setSpendControls({ maxAmountPerPayment: `$${maxUsdPerPayment}` });
  return { account, pay: wrapFetchWithPayment(fetch, client) };
}
