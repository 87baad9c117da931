// What a payment would cost, read from the x402 headers: the PAYMENT-REQUIRED challenge of a 402
// (decoded with the official @x402/core codec) or an already-signed PAYMENT-SIGNATURE. Amounts
// stay integer atomic text; the USD text is derived from them, never from a float.
import { decodePaymentRequiredHeader, decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import type { PaymentTerms } from "./types";
import { formatUsd, parseAtomic } from "./usd";

export interface Challenge {
  paymentRequired: PaymentRequired;
  /** The requirement this client can pay (exact, or batch-settlement within the deposit cap, on an EVM network). */
  chosen: PaymentRequirements;
  atomic: bigint;
  terms: PaymentTerms;
}

function termsOf(req: PaymentRequirements, atomic: bigint, resource: string, paymentRequired: unknown): PaymentTerms {
  return {
    amountUsd: formatUsd(atomic),
    atomic: atomic.toString(),
    asset: req.asset,
    network: req.network,
    payTo: req.payTo,
    scheme: req.scheme,
    resource,
    paymentRequired,
  };
}

/**
 * The challenge of a PAYMENT-REQUIRED header value, or a reason it cannot be paid here. With
 * `batchUpTo` (the deposit cap, atomic), a batch-settlement requirement whose price fits it is chosen
 * over exact: vouchers on a channel instead of a transfer per call.
 */
export function readChallenge(header: string | null, batchUpTo = 0n): Challenge | { problem: string } {
  if (!header) return { problem: "The 402 answer has no PAYMENT-REQUIRED header." };
  let paymentRequired: PaymentRequired;
  try {
    paymentRequired = decodePaymentRequiredHeader(header);
  } catch {
    return { problem: "The PAYMENT-REQUIRED header is not a valid x402 challenge." };
  }
  const accepts = Array.isArray(paymentRequired?.accepts) ? paymentRequired.accepts : [];
  const evm = (r: PaymentRequirements | undefined) =>
    typeof r?.network === "string" && r.network.startsWith("eip155:") && parseAtomic(r.amount) !== null;
  const batch = accepts.find((r) => r?.scheme === "batch-settlement" && evm(r) && parseAtomic(r.amount)! <= batchUpTo);
  // ExactEvmScheme signs EIP-3009 authorizations: the exact scheme on eip155 networks.
  const chosen = batch ?? accepts.find((r) => r?.scheme === "exact" && evm(r));
  if (!chosen) return { problem: "The challenge offers no exact-scheme EVM requirement this client can pay." };
  const atomic = parseAtomic(chosen.amount)!;
  return {
    paymentRequired,
    chosen,
    atomic,
    terms: termsOf(chosen, atomic, paymentRequired.resource?.url ?? "", paymentRequired),
  };
}

/** The terms an already-signed PAYMENT-SIGNATURE value pays (its `accepted` requirement). */
export function readSignedPayment(
  header: string,
): { atomic: bigint; terms: PaymentTerms; payer?: string } | { problem: string } {
  try {
    const payload = decodePaymentSignatureHeader(header);
    const atomic = parseAtomic(payload?.accepted?.amount);
    if (!payload?.accepted || atomic === null)
      return { problem: "The payment has no accepted requirement with an amount." };
    const from = (payload.payload as { authorization?: { from?: unknown } } | undefined)?.authorization?.from;
    return {
      atomic,
      terms: termsOf(payload.accepted, atomic, payload.resource?.url ?? "", null),
      payer: typeof from === "string" ? from : undefined,
    };
  } catch {
    return { problem: "The payment is not a valid x402 PAYMENT-SIGNATURE value." };
  }
}
