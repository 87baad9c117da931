// What the buyer of a queued order sees when polling it, as pure zod schemas (no database).
import { z } from "zod";
import { ORDER_STATUSES, QUEUED_PRODUCTS } from "./order-states";

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES).describe("The state the order entered."),
  at: z.iso.datetime().describe("When (ISO 8601, UTC)."),
  note: z
    .string()
    .optional()
    .describe("Why, when someone said: `paid` for the purchase, an operator's reason, or the automatic expiry."),
});

export const evaluationResultSchema = z.object({
  reviewId: z.uuid().describe("The published review with the evaluation's findings."),
  reviewUrl: z.url().describe("Its page in the marketplace; `GET /api/reviews/{reviewId}` returns it as JSON."),
});

export const orderStatusSchema = z.object({
  id: z.uuid(),
  product: z.enum(QUEUED_PRODUCTS as [string, ...string[]]),
  status: z
    .enum(ORDER_STATUSES)
    .describe(
      "placement: queued → in_review → active → expired, or rejected; evaluation: queued → assigned → in_progress → completed, or rejected.",
    ),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime().describe("When the order last changed state."),
  history: z.array(orderEventSchema).describe("Every state the order entered, oldest first; the first is `queued`."),
  result: evaluationResultSchema.optional().describe("A completed evaluation: the review that publishes it."),
  activeFrom: z.iso.datetime().optional().describe("A placement: when it was activated."),
  activeUntil: z.iso
    .datetime()
    .optional()
    .describe("A placement: when it stops being shown (it then becomes `expired` by itself)."),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderStatusResponseSchema = z.object({ ok: z.literal(true), order: orderStatusSchema });
