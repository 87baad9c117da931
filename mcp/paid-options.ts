// What every paid tool shares: the spending arguments, the `spent` report, and (hosted mode) the
// payment the agent signed itself, carried in the tool call's `_meta["x402/payment"]` (x402 MCP
// transport) and handed to the client as a PAYMENT-SIGNATURE header value.
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { z } from "zod";
import type { SettleResponse } from "@x402/core/types";
import type { BuyOptions, Spend } from "../client/marketplace-client";

export const PAYMENT_META_KEY = "x402/payment";
export const PAYMENT_RESPONSE_META_KEY = "x402/payment-response";

/** The hosted server's payment_required advice (the typed client's default names its `wallet` option, which an
 * MCP caller does not have): how an x402 MCP client pays. */
export const HOSTED_PAYMENT_ADVICE = `Payment required: sign one of \`accepts\` of this result's PaymentRequired with an x402 client and call this tool again with the same arguments and the PaymentPayload in \`_meta["${PAYMENT_META_KEY}"]\`.`;

/** The stdio server's advice without a key: it pays only with its own (MARKETPLACE_WALLET_KEY), never with `_meta`. */
export const STDIO_PAYMENT_ADVICE =
  "This server has no wallet: set MARKETPLACE_WALLET_KEY in its environment to pay (it pays only with its own key).";

/** A USD amount as the caps take it (also the stdio server's settings, mcp/wallet-env.ts). */
export const usdAmount = z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, "a decimal USD amount such as 0.01");

export const paidArguments = {
  dryRun: z
    .boolean()
    .optional()
    .describe("Only fetch the 402 terms (price, asset, network, payee); nothing is signed or paid."),
  maxUsd: usdAmount
    .optional()
    .describe("Refuse to pay more than this many USD for this call (cannot raise the configured cap)."),
  idempotencyKey: z
    .string()
    .min(8)
    .max(200)
    .optional()
    .describe("Reuse the key of a call whose outcome is unknown to retry it without paying twice."),
};

export const spendSchema = z.object({
  amountUsd: z.string(),
  atomic: z.string(),
  asset: z.string(),
  network: z.string(),
  payTo: z.string(),
  payer: z.string().optional(),
  transaction: z.string().optional(),
});
/** null = nothing was charged (a free answer or an idempotent replay). */
export const spentField = spendSchema.nullable().describe("What this call paid; null when nothing was charged.");

export const PAID_TOOL_META = { "marketplace/spendsMoney": true } as const;

export type PaymentMode = "wallet" | "hosted";

/** The client's BuyOptions for one call. Hosted mode pays only with the agent's own signed payload. */
export function buyOptions(
  mode: PaymentMode,
  args: { dryRun?: boolean; maxUsd?: string; idempotencyKey?: string },
  meta: Record<string, unknown> | undefined,
): BuyOptions {
  const options: BuyOptions = { dryRun: args.dryRun, maxUsd: args.maxUsd, idempotencyKey: args.idempotencyKey };
  const payload = mode === "hosted" ? meta?.[PAYMENT_META_KEY] : undefined;
  if (payload !== undefined && !args.dryRun) options.payment = encodePayment(payload);
  return options;
}

/** A payload that is not an object still becomes a header value, so the marketplace refuses it with its own code. */
function encodePayment(payload: unknown): string {
  if (typeof payload === "string") return payload;
  try {
    return encodePaymentSignatureHeader(payload as Parameters<typeof encodePaymentSignatureHeader>[0]);
  } catch {
    return Buffer.from(JSON.stringify(payload) ?? "null").toString("base64");
  }
}

/** The x402 SettlementResponse returned in `_meta["x402/payment-response"]`: the answer's own PAYMENT-RESPONSE
 * as the marketplace sent it (a replay carries the original's, so it is answered like the first call), else,
 * when money moved without one, what the client knows of it. */
export function settlementMeta(
  spent: Spend | null,
  settlement?: SettleResponse | null,
): Record<string, unknown> | undefined {
  if (settlement) return { [PAYMENT_RESPONSE_META_KEY]: settlement };
  if (!spent) return undefined;
  return {
    [PAYMENT_RESPONSE_META_KEY]: {
      success: true,
      transaction: spent.transaction ?? "",
      network: spent.network,
      payer: spent.payer,
      amount: spent.atomic,
    },
  };
}

/** What every paid tool adds to its own summary and `_meta`: what it spent, and the settlement. */
export function spentReport(
  paid: { spent: Spend | null; settlement?: SettleResponse | null },
  summary: string,
): { summary: string; meta?: Record<string, unknown> } {
  return { summary: `${summary}; ${spentSummary(paid.spent)}`, meta: settlementMeta(paid.spent, paid.settlement) };
}

export function spentSummary(spent: Spend | null): string {
  return spent
    ? `spent ${spent.amountUsd} USD (${spent.network}, tx ${spent.transaction ?? "unknown"})`
    : "spent nothing";
}
