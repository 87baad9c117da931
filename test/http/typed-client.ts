// Test support for the typed client's tests: a funded wallet on the local ledger, and the value or
// error of a result (failing the test when it is the other one). Import it after setting env: it
// loads server/env.ts.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  createMarketplaceClient,
  type MarketplaceClientOptions,
  type MarketplaceError,
  type Result,
} from "@/client/marketplace-client";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { paymentConfigFromEnv } from "@/server/payments/payment-config";

/** A fresh wallet with `fundUsd` test USDC on the local ledger (also when an HTTP facilitator
 * that settles on that ledger is configured: the faucet route is off then, the ledger is not). */
export async function fundedWallet(fundUsd = 1) {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  if (fundUsd > 0) await creditTestFunds({ address, amountUsd: fundUsd }, { ...paymentConfigFromEnv(), mode: "local" });
  return { key, address, balance: () => localBalance(address) };
}

/** A fresh funded wallet and a client of the marketplace at `appUrl` that pays from it. */
export async function payingClient(
  appUrl: string,
  options: { fundUsd?: number; caps?: MarketplaceClientOptions["caps"] } = {},
) {
  const wallet = await fundedWallet(options.fundUsd);
  return { wallet, client: createMarketplaceClient({ baseUrl: appUrl, wallet: wallet.key, caps: options.caps }) };
}

/** The error of a failed result (fails the test when the result succeeded). */
export function errorOf<T>(r: Result<T>): MarketplaceError {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value).slice(0, 300)}`);
  return r.error;
}

/** The value of a successful result (fails the test when the result failed). */
export function valueOf<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected a value, got ${JSON.stringify(r.error)}`);
  return r.value;
}
