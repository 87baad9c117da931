// A tool's published outputSchema. The SDK's MCP client checks structuredContent against it for
// every result, tool errors included, so the schema admits both shapes: the API's answer (every
// field present on success) and `{error}` (plus the x402 PaymentRequired fields for
// payment_required). Nested objects keep the API's schema as it is; success results are also
// checked by the typed client against the strict API schema before they get here.
import { z } from "zod";
import { ERROR_KINDS } from "../client/types";

export const marketplaceErrorSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  status: z.int().nullable(),
  code: z
    .string()
    .describe(
      "The API's error code verbatim (e.g. payment_required, not_found, unauthorized), or cap_exceeded / network.",
    ),
  message: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  terms: z
    .object({
      amountUsd: z.string(),
      atomic: z.string(),
      asset: z.string(),
      network: z.string(),
      payTo: z.string(),
      scheme: z.string(),
      resource: z.string(),
      paymentRequired: z.unknown(),
    })
    .optional()
    .describe(
      "payment_required and cap_exceeded: what would be paid; paymentRequired is the decoded x402 PAYMENT-REQUIRED to sign.",
    ),
  retry: z
    .object({
      sameIdempotencyKey: z.boolean(),
      samePayment: z.boolean(),
      afterSeconds: z.number().nullable(),
      advice: z.string(),
    })
    .optional(),
  idempotencyKey: z.string().optional(),
});

// x402 MCP transport: a payment_required tool error carries the PaymentRequired at the top.
const paymentRequiredFields = {
  x402Version: z.number().optional(),
  resource: z.unknown().optional(),
  accepts: z.array(z.unknown()).optional(),
  extensions: z.unknown().optional(),
};

export function toolOutputSchema<S extends z.ZodObject>(success: S) {
  return success.partial().extend({
    error: marketplaceErrorSchema
      .optional()
      .describe("Present only on a tool error (isError: true); then the other fields are absent."),
    ...paymentRequiredFields,
  });
}
