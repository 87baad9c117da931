// The 402 body of a product as pure zod schemas (no env): the API, the OpenAPI document and the
// typed client share them.
import { z } from "zod";
import { productObjectSchema } from "./product-object";

export const freeLinksSchema = z.strictObject({
  homepage: z.url(),
  browse_marketplace: z.url(),
  search_api: z.url(),
  docs: z.url(),
});

/** With an unfunded payer on the local ledger: how much is missing, and where test funds come from. */
export const balanceShortfallSchema = z.strictObject({
  payer: z.string(),
  balanceUsd: z.string(),
  priceUsd: z.string(),
  missingUsd: z.string(),
});
export const faucetHintSchema = z.strictObject({
  method: z.literal("POST"),
  url: z.url(),
  body: z.strictObject({ address: z.string(), amountUsd: z.number() }),
});

export const paymentRequiredBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  product: productObjectSchema,
  free: freeLinksSchema,
  balance: balanceShortfallSchema.optional(),
  faucet: faucetHintSchema.optional(),
});
