// The receipt a review may present, as a pure zod schema (the typed client and the MCP tools import
// it without the database): the marketplace's own JWS receipt of a call through the observer, or a
// provider's own EIP-712 receipt (offer-receipt spec §5.3) signed with its payee's key.
import { z } from "zod";
import { storableText } from "../input/storable-text";

const hex = (bytes: number, what: string) =>
  z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`), `${what} is 0x and ${bytes * 2} hex digits.`);

/** A SignedReceipt in JWS format as extractReceiptFromResponse returns it (or the Offer-Receipt header, decoded). */
export const jwsReceiptSchema = z.object({
  format: z.literal("jws"),
  signature: storableText()
    .min(1)
    .max(4096, "A receipt's signature has at most 4096 characters.")
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "A receipt's signature is a JWS compact string."),
});

/** A SignedReceipt in EIP-712 format: the payload as the provider signed it, and its signature. */
export const eip712ReceiptSchema = z.object({
  format: z.literal("eip712"),
  payload: z.object({
    version: z.int().min(1).max(1000),
    network: z.string().regex(/^eip155:[0-9]{1,12}$/, 'network is CAIP-2, e.g. "eip155:84532".'),
    resourceUrl: storableText().min(1).max(2048, "resourceUrl has at most 2048 characters."),
    payer: hex(20, "payer"),
    issuedAt: z
      .int()
      .min(0)
      .max(2 ** 40),
    transaction: z.union([z.literal(""), hex(32, "transaction")]),
  }),
  signature: hex(65, "signature"),
});

export const presentedReceiptSchema = z
  .discriminatedUnion("format", [jwsReceiptSchema, eip712ReceiptSchema], {
    error: 'A receipt\'s format is "jws" (the marketplace\'s) or "eip712" (a provider\'s).',
  })
  .describe(
    "The signed receipt (offer-receipt extension) of a paid call to this service: the marketplace's, as sent in the " +
      "`Offer-Receipt` header of a call through the observer (base64 of this JSON), or the provider's own EIP-712 " +
      'receipt (`extensions["offer-receipt"].info.receipt` of its PAYMENT-RESPONSE), signed with the key of the ' +
      "offer's `payTo` for a payer that is the reviewer's wallet.",
  );
export type PresentedReceipt = z.infer<typeof presentedReceiptSchema>;
export type JwsPresentedReceipt = z.infer<typeof jwsReceiptSchema>;
export type Eip712PresentedReceipt = z.infer<typeof eip712ReceiptSchema>;
