// Whether a provider's answer says the call was paid, and by whom: x402's PAYMENT-RESPONSE
// (a base64 JSON SettlementResponse; v1 providers send X-PAYMENT-RESPONSE) with `success: true`,
// or MPP's Payment-Receipt (base64url JSON, `status: "success"`, `reference` = the payment). Only a
// 2xx answer counts. The values are stored and shown, so they are bounded and must be storable;
// anything else makes the field unknown (null), never the call fail.
import { z } from "zod";
import { isStorableText } from "../input/storable-text";
import type { HeaderPairs } from "./provider-headers";

export interface PaymentOutcome {
  paid: boolean;
  payer: string | null;
  transaction: string | null;
  network: string | null;
}

const MAX_HEADER_CHARS = 16 * 1024;
const field = z.string().min(1).max(256).refine(isStorableText);
const optionalField = field.optional().catch(undefined);
const settlement = z.object({
  success: z.literal(true),
  payer: optionalField,
  transaction: optionalField,
  network: optionalField,
});
const receipt = z.object({
  status: z.literal("success"),
  method: optionalField,
  reference: optionalField,
  payer: optionalField,
});

/** base64 or base64url JSON (Node's decoder takes both alphabets), or undefined. */
function decodeJson(value: string | undefined): unknown {
  if (!value || value.length > MAX_HEADER_CHARS) return undefined;
  try {
    return JSON.parse(Buffer.from(value.trim(), "base64").toString("utf8"));
  } catch {
    return undefined;
  }
}

// EVM addresses in one case, so one payer counts once; other chains' addresses are case-sensitive.
const payerOf = (payer: string | undefined) =>
  payer === undefined ? null : /^0x[0-9a-fA-F]{40}$/.test(payer) ? payer.toLowerCase() : payer;

const NOT_PAID: PaymentOutcome = { paid: false, payer: null, transaction: null, network: null };

export function paymentOutcome(status: number, headers: HeaderPairs): PaymentOutcome {
  if (status < 200 || status > 299) return NOT_PAID;
  const get = (name: string) => headers.find(([n]) => n === name)?.[1];
  const x402 = settlement.safeParse(decodeJson(get("payment-response") ?? get("x-payment-response")));
  if (x402.success)
    return {
      paid: true,
      payer: payerOf(x402.data.payer),
      transaction: x402.data.transaction ?? null,
      network: x402.data.network ?? null,
    };
  const mpp = receipt.safeParse(decodeJson(get("payment-receipt")));
  if (mpp.success)
    return {
      paid: true,
      payer: payerOf(mpp.data.payer),
      transaction: mpp.data.reference ?? null,
      network: mpp.data.method ? `mpp:${mpp.data.method}` : "mpp",
    };
  return NOT_PAID;
}
