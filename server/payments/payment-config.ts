// What the marketplace accepts as payment (decisions.md §11): Base Sepolia test USDC through the
// x402 `exact` scheme, settled by the local ledger facilitator unless X402_FACILITATOR_URL is set.
import { env } from "../env";
import { mppConfigFromEnv, type MppConfig } from "./mpp/mpp-config";

// The local ledger's marketplace account ("marketplace-local" in hex), used as pay-to when no
// X402_PAY_TO is configured and payments settle locally.
export const LOCAL_PAY_TO = "0x6d61726b6574706c6163652d6c6f63616c000000";

export type PaymentMode = "local" | "http";

export interface PaymentConfig {
  /** Null when payment is switched off or has nowhere to go: paid products answer 503. */
  payTo: string | null;
  mode: PaymentMode;
  facilitatorUrl: string | null;
  facilitatorTimeoutMs: number;
  /** MPP methods offered beside x402 by the queued products; none when absent. */
  mpp?: MppConfig;
}

export function paymentConfigFromEnv(): PaymentConfig {
  const mode: PaymentMode = env.X402_FACILITATOR_URL ? "http" : "local";
  const payTo = env.X402_ENABLED === "false" ? null : (env.X402_PAY_TO ?? (mode === "local" ? LOCAL_PAY_TO : null));
  return {
    payTo,
    mode,
    facilitatorUrl: env.X402_FACILITATOR_URL ?? null,
    facilitatorTimeoutMs: env.X402_FACILITATOR_TIMEOUT_MS,
    mpp: mppConfigFromEnv(),
  };
}
