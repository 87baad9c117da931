// The 402 of an unfunded payer on the local ledger says how much is missing and where test funds
// come from (issue 9 item 11), so an agent can fix it without reading the docs.
import { logger } from "../logger";
import { atomicToUsd } from "../money";
import type { RefusalDetails } from "./challenge";
import { FAUCET_MAX_USD } from "./facilitators/faucet";
import type { PaymentRuntime } from "./payment-runtime";
import type { RefusalProtocol } from "./refusal-messages";

export const INSUFFICIENT_BALANCE = "invalid_exact_evm_insufficient_balance";
const ATOMIC_PER_USD = 1_000_000n;

/** Balance, price, shortfall and a faucet request that covers it; nothing when the ledger is not ours or cannot be read. */
export async function balanceShortfall(
  runtime: PaymentRuntime,
  payer: string,
  priceAtomic: bigint,
  protocol: RefusalProtocol = "x402",
): Promise<RefusalDetails> {
  const ledger = runtime.facilitator.ownLedger;
  if (!ledger) return {};
  let balance: bigint;
  try {
    balance = await ledger.balanceOf(payer);
  } catch (err) {
    logger.warn({ err }, "cannot read the payer's balance for a refusal");
    return {};
  }
  const missing = priceAtomic - balance;
  if (missing <= 0n) return {}; // funded since: the generic message (sign again) is the right one
  const amountUsd = Math.min(FAUCET_MAX_USD, Math.max(1, Number((missing + ATOMIC_PER_USD - 1n) / ATOMIC_PER_USD)));
  const faucet = {
    method: "POST" as const,
    url: `${runtime.baseUrl}/api/dev/faucet`,
    body: { address: payer, amountUsd },
  };
  return {
    message:
      `The payer ${payer} holds ${atomicToUsd(balance)} USD of test USDC on this marketplace's local ledger; the price is ${atomicToUsd(priceAtomic)} USD, ` +
      `so ${atomicToUsd(missing)} USD is missing. Credit test funds with POST ${faucet.url} ${JSON.stringify(faucet.body)}, then ` +
      (protocol === "mpp"
        ? "pay one of the WWW-Authenticate challenges of this answer and send the request again with the new `Authorization: Payment` credential."
        : "sign a new payment for the PAYMENT-REQUIRED requirements of this answer and send the request again."),
    extra: {
      balance: {
        payer,
        balanceUsd: atomicToUsd(balance),
        priceUsd: atomicToUsd(priceAtomic),
        missingUsd: atomicToUsd(missing),
      },
      faucet,
    },
  };
}
