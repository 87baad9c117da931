// POST /api/dev/faucet: test USDC for the local ledger, so an agent can pay without a chain.
import { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { atomicToUsd, usdNumberToAtomicFloor } from "../../money";
import { paymentConfigFromEnv, type PaymentConfig } from "../payment-config";
import { localBalance } from "./local-chain-signer";

// One credit is bounded so a typo cannot mint absurd balances; repeat calls add up.
export const FAUCET_MAX_USD = 1000;

export const faucetInputSchema = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be an EVM address (0x followed by 40 hex digits)"),
  amountUsd: z.number().positive().max(FAUCET_MAX_USD).default(10),
});

export const faucetResultSchema = z.object({
  ok: z.literal(true),
  address: z.string(),
  creditedUsd: z.string(),
  balanceUsd: z.string(),
});

/** The faucet exists only while payments settle on the local ledger (decisions.md §11). */
export function assertFaucetAvailable(config: PaymentConfig = paymentConfigFromEnv()): void {
  if (config.mode !== "local")
    throw new AppError("not_found", "The faucet exists only while the local facilitator is active.");
}

export async function creditTestFunds(
  input: z.infer<typeof faucetInputSchema>,
  config: PaymentConfig = paymentConfigFromEnv(),
): Promise<z.infer<typeof faucetResultSchema>> {
  assertFaucetAvailable(config);
  const address = input.address.toLowerCase();
  const amount = BigInt(usdNumberToAtomicFloor(input.amountUsd));
  if (amount <= 0n) throw new AppError("invalid_request", "amountUsd is below the smallest unit (0.000001 USD).");
  await db.localBalance.upsert({
    where: { address },
    create: { address, balanceAtomic: amount },
    update: { balanceAtomic: { increment: amount } },
  });
  return { ok: true, address, creditedUsd: atomicToUsd(amount), balanceUsd: atomicToUsd(await localBalance(address)) };
}
