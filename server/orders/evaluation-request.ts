// The evaluation request body: which service an independent evaluator tries first-hand, what to
// look at, and whom to tell. The finished evaluation is published as a human-reviewed review.
import { z } from "zod";
import { serviceSlugSchema } from "../catalog/get-service";
import { purchaseRequestIdSchema } from "../input/purchase-request-id";

export const evaluationRequestSchema = z.strictObject({
  request_id: purchaseRequestIdSchema,
  service: serviceSlugSchema.describe("Slug of the catalogued service to evaluate."),
  scope: z
    .string()
    .min(10)
    .max(2000)
    .regex(/\S/, "Must contain a visible character.")
    .describe("What to evaluate: the tasks, offers or claims to try."),
  offers: z
    .array(z.string().min(1).max(120))
    .max(10)
    .optional()
    .describe("Ids of the service's offers to call, if only some."),
  contact: z.strictObject({
    email: z.email().max(254).describe("Where to send word when the evaluation is published."),
    name: z.string().min(1).max(120).optional(),
  }),
});
export type EvaluationRequest = z.infer<typeof evaluationRequestSchema>;
