// The wallet that pays for marketplace tests: TEST_WALLET_PRIVATE_KEY, or, while payments settle on
// the local ledger, a key generated once and kept in app_secrets (every instance signs with the same
// one), topped up from the local faucet when it cannot cover a test, so tests run offline for free.
// It signs with the official x402 client (@x402/core + @x402/evm), as any agent does.
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { sharedSecret } from "../accounts/shared-secret";
import { sqlQuery } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { FAUCET_MAX_USD, creditTestFunds } from "../payments/facilitators/faucet";
import { localBalance } from "../payments/facilitators/local-chain-signer";
import { paymentConfigFromEnv } from "../payments/payment-config";

export type PaymentRequired = ReturnType<typeof decodePaymentRequiredHeader>;

export const TEST_WALLET_SECRET = "marketplace-test-wallet";

export interface TestWallet {
  address: string;
  /** A PAYMENT-SIGNATURE for these payment requirements (a fresh EIP-3009 nonce each time). */
  sign(required: PaymentRequired): Promise<string>;
  /** On the local ledger: credits the faucet when the balance cannot pay `atomic` and every other test
   * running now (no-op otherwise). */
  cover(atomic: number): Promise<void>;
}

async function privateKey(): Promise<`0x${string}`> {
  if (env.TEST_WALLET_PRIVATE_KEY) return env.TEST_WALLET_PRIVATE_KEY as `0x${string}`;
  if (paymentConfigFromEnv().mode !== "local")
    throw new AppError(
      "service_unavailable",
      "Marketplace tests need TEST_WALLET_PRIVATE_KEY when payments settle through an x402 facilitator.",
    );
  // 32 random bytes made once per database (base64url): the key of the local test wallet.
  return `0x${Buffer.from(await sharedSecret(TEST_WALLET_SECRET), "base64url").toString("hex")}`;
}

export async function testWallet(): Promise<TestWallet> {
  const account = privateKeyToAccount(await privateKey());
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
  const local = paymentConfigFromEnv().mode === "local";
  return {
    address: account.address.toLowerCase(),
    async sign(required) {
      return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    },
    async cover(atomic) {
      if (!local) return;
      // Every test running now, on any instance, pays from this one wallet, each reserved in
      // service_tests when it started: the balance must cover all of them, or two tests at once both
      // pass a check that only one payment clears (the other's provider then refuses it).
      const [row] = await sqlQuery<{ running: bigint }>(Prisma.sql`
        SELECT COALESCE(SUM(spent_atomic), 0)::bigint AS running FROM service_tests WHERE outcome = 'running'`);
      const needed = BigInt(Math.max(atomic, Number(row?.running ?? 0)));
      // A day's budget at a time (at least what is needed), in faucet credits of at most FAUCET_MAX_USD.
      for (let balance = await localBalance(account.address); balance < needed;) {
        const usd = Math.min(FAUCET_MAX_USD, Math.max(env.TEST_BUDGET_USD_PER_DAY, Number(needed - balance) / 1e6));
        await creditTestFunds({ address: account.address, amountUsd: usd });
        balance = await localBalance(account.address);
      }
    },
  };
}
