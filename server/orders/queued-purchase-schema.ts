// The order a queued purchase answers with (decisions.md §5), as pure zod schemas (no database).
import { z } from "zod";
import { purchaseAnswerFields } from "../purchase-answer-schema";
import { QUEUED_PRODUCTS } from "./order-states";

export const placedOrderSchema = z.object({
  id: z.uuid().describe("The order's id."),
  product: z.enum(QUEUED_PRODUCTS as [string, ...string[]]).describe("Which queued product was bought."),
  status: z.string().describe("The order's state when it was created: `queued`."),
  statusUrl: z
    .url()
    .describe("GET it with `Authorization: Bearer <statusAuthorization>` for the order's state and history."),
  statusAuthorization: z
    .string()
    .describe("Private credential for status polling. Keep it: it is shown with the purchase (and its replays) only."),
  createdAt: z.iso.datetime().describe("When the order was created (ISO 8601, UTC)."),
});

/** 202 of a paid queued purchase. */
export const queuedPurchaseSchema = z.object({
  ok: z.literal(true),
  ...purchaseAnswerFields,
  order: placedOrderSchema,
});
