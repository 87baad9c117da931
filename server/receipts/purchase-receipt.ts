// The marketplace's receipt for a settled purchase, placed where the offer-receipt extension puts it:
// in the settlement answer's `extensions["offer-receipt"].info.receipt` (spec §5.1). For x402 that is
// the PAYMENT-RESPONSE SettlementResponse; an MPP purchase's Payment-Receipt (mppx Receipt, a loose
// object) carries the same `extensions` entry. The header is stored with the purchase when it
// settles (payment_response), so every replay sends the same receipt.
import { logger } from "../logger";
import { receiptExtension, signReceipt } from "./offer-receipt";
import { activeSigningKey } from "./receipt-keys";

export interface SettledPurchase {
  id: string;
  protocol: "x402" | "mpp";
  /** The product's resource URL (what was bought; the 402's `resource.url`). */
  resourceUrl: string;
  payer: string;
  transaction: string;
  /** The requirements the payment matched (their network), when stored. */
  paymentRequirements: unknown;
}

// The header values are base64 (x402) or base64url (MPP) JSON; this reads either. Writing is the
// caller's: the payment layer owns each header's wire format (x402's is valid in both alphabets,
// docs/decisions.md "Wire format"), and this module must not import it.
function decodeJson(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value.trim(), "base64").toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const stringField = (value: unknown, field: string): string | undefined => {
  const v = value && typeof value === "object" ? (value as Record<string, unknown>)[field] : undefined;
  return typeof v === "string" && v.length > 0 ? v : undefined;
};

/** The settlement header with our signed receipt in it; the header unchanged (logged) when no
 * receipt can be signed: a purchase that settled is never failed for its receipt. */
export async function withPurchaseReceipt(
  purchase: SettledPurchase,
  paymentResponse: string,
  encode: (settlement: Record<string, unknown>) => string,
): Promise<string> {
  const settlement = decodeJson(paymentResponse);
  if (!settlement) return paymentResponse;
  try {
    const network =
      stringField(settlement, "network") ??
      stringField(purchase.paymentRequirements, "network") ??
      `mpp:${stringField(settlement, "method") ?? "unknown"}`;
    const receipt = await signReceipt(await activeSigningKey(), {
      resourceUrl: purchase.resourceUrl,
      payer: purchase.payer,
      network,
      transaction: purchase.transaction,
    });
    const { extensions } = settlement;
    const kept = extensions && typeof extensions === "object" && !Array.isArray(extensions) ? extensions : {};
    return encode({ ...settlement, extensions: { ...kept, ...receiptExtension(receipt) } });
  } catch (err) {
    logger.error({ err, purchase: purchase.id }, "purchase receipt not issued");
    return paymentResponse;
  }
}
