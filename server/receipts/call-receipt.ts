// The marketplace's receipt for a paid call through the observer: signed when the provider's answer
// says the call was paid, stored with the call (observed_calls.receipt, its hash, the catalogued
// price) and sent in the Offer-Receipt header, which is stored with the answer so a replay sends
// the same receipt. The provider's own PAYMENT-RESPONSE is relayed unchanged (it is the provider's
// statement, possibly with the provider's own receipt), so ours travels beside it.
import { createHash } from "node:crypto";
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { logger } from "../logger";
import { OFFER_RECEIPT_HEADER, receiptHeaderValue, signReceipt } from "./offer-receipt";
import { activeSigningKey } from "./receipt-keys";

export interface CallReceipt {
  /** The SignedReceipt JSON as sent. */
  receipt: string;
  receiptHash: string;
  amountAtomic: bigint | null;
  asset: string | null;
  header: [string, string];
}

/** The lookup key of a receipt: the SHA-256 of its JWS compact string. */
export const receiptHashOf = (signature: string): string => createHash("sha256").update(signature).digest("base64url");

/** A signed receipt for a paid call to `offerId` at `resourceUrl`; null (logged) when it cannot be
 * made: the agent still gets the answer it paid for. */
export async function issueCallReceipt(
  offerId: string,
  resourceUrl: string,
  paid: { payer: string | null; network: string | null; transaction: string | null },
): Promise<CallReceipt | null> {
  try {
    const [key, offers] = await Promise.all([
      activeSigningKey(),
      sqlQuery<{ price_atomic: number; asset: string | null }>(
        Prisma.sql`SELECT price_atomic, asset FROM offers WHERE id = ${offerId}`,
      ),
    ]);
    // The spec requires a payer and a network; a provider that named neither gets "unknown".
    const signed = await signReceipt(key, {
      resourceUrl,
      payer: paid.payer ?? "unknown",
      network: paid.network ?? "unknown",
      transaction: paid.transaction ?? undefined,
    });
    const offer = offers[0];
    return {
      receipt: JSON.stringify(signed),
      receiptHash: receiptHashOf(signed.signature),
      amountAtomic: offer ? BigInt(offer.price_atomic) : null,
      asset: offer?.asset ?? null,
      header: [OFFER_RECEIPT_HEADER, receiptHeaderValue(signed)],
    };
  } catch (err) {
    logger.error({ err, offerId }, "call receipt not issued");
    return null;
  }
}
