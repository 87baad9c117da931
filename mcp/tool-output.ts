// A tool's published outputSchema. The SDK's MCP client checks structuredContent against it for
// every result, tool errors included, so the schema admits every shape: the API's answer (every
// field present on success), `{error}`, and for payment_required the x402 PaymentRequired with
// `error` a string and `marketplaceError`. Nested objects keep the API's schema as it is; success results are also
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
      paymentRequired: z.unknown().optional(),
    })
    .optional()
    .describe(
      "payment_required and cap_exceeded: what would be paid; paymentRequired is the decoded x402 PAYMENT-REQUIRED (in a payment-required tool error it is the structuredContent itself instead).",
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

// x402 MCP transport: a payment_required tool error is the PaymentRequired itself (its `error` a string),
// with the client's error beside it.
const paymentRequiredFields = {
  x402Version: z.number().optional(),
  resource: z.unknown().optional(),
  accepts: z.array(z.unknown()).optional(),
  extensions: z.unknown().optional(),
  marketplaceError: marketplaceErrorSchema
    .optional()
    .describe(
      "A payment-required tool error only: the client's error (kind payment_required, code, terms without paymentRequired).",
    ),
};

export function toolOutputSchema<S extends z.ZodObject>(success: S) {
  return success.partial().extend({
    error: z
      .union([
        z.string().describe("A payment-required tool error (x402 MCP transport): the reason, beside `accepts`."),
        marketplaceErrorSchema,
      ])
      .optional()
      .describe("Present only on a tool error (isError: true); then the other fields are absent."),
    ...paymentRequiredFields,
  });
}
