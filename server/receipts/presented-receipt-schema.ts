// The receipt a review may present, as a pure zod schema (the typed client and the MCP tools import
// it without the database).
import { z } from "zod";
import { storableText } from "../input/storable-text";

/** A SignedReceipt as extractReceiptFromResponse returns it (or the Offer-Receipt header, decoded). */
export const presentedReceiptSchema = z
  .object({
    format: z.literal("jws", 'Only the marketplace\'s JWS receipts are accepted (format "jws").'),
    signature: storableText()
      .min(1)
      .max(4096, "A receipt's signature has at most 4096 characters.")
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "A receipt's signature is a JWS compact string."),
  })
  .describe(
    "The signed receipt (offer-receipt extension) of a paid call to this service through the observer, as sent in the call's `Offer-Receipt` header (base64 of this JSON).",
  );
export type PresentedReceipt = z.infer<typeof presentedReceiptSchema>;
