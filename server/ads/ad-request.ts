// The paid ad request body (decisions.md §6): what the ad is for, as a search query, a capability
// or both. Every rule is in the published schema.
import { z } from "zod";
import { CAPABILITIES } from "../catalog/vocabulary";
import { purchaseRequestIdSchema } from "../input/purchase-request-id";

export const adContextSchema = z
  .strictObject({
    query: z
      .string()
      .min(1)
      .max(200)
      .regex(/\S/, "Must contain a visible character.")
      .optional()
      .describe("What the agent is looking for, in words."),
    capability: z.enum(CAPABILITIES).optional().describe("The capability the agent is browsing."),
  })
  .refine((c) => c.query !== undefined || c.capability !== undefined, {
    message: "Give `query`, `capability` or both.",
  })
  .meta({ anyOf: [{ required: ["query"] }, { required: ["capability"] }] });
export type AdContext = z.infer<typeof adContextSchema>;

export const adRequestSchema = z.strictObject({
  request_id: purchaseRequestIdSchema,
  context: adContextSchema.describe(
    "Where the ad will be shown. An active placement is eligible when the capability is one it targets, or when the query shares a word with its targeted query (stop words aside).",
  ),
});
export type AdRequest = z.infer<typeof adRequestSchema>;
