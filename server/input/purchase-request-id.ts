// The body form of a paid purchase's idempotency key, shared by the queued products' and the ad's
// request bodies (the shortlist's is its own, without a description).
import { z } from "zod";

export const purchaseRequestIdSchema = z
  .string()
  .min(8)
  .max(200)
  .optional()
  .describe("Stable purchase idempotency key (or send Idempotency-Key).");
