// The order a queued purchase answers with (decisions.md §5), and the lookup every queued product's
// precheck uses: the service the order is about must be in the catalog before anyone pays.
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { QUEUED_PRODUCTS } from "./order-states";

export const placedOrderSchema = z.object({
  id: z.uuid().describe("The order's id."),
  product: z.enum(QUEUED_PRODUCTS as [string, ...string[]]).describe("Which queued product was bought."),
  status: z.string().describe("The order's state when it was created: `queued`."),
  statusUrl: z.url().describe("GET it with `Authorization: Bearer <statusAuthorization>` for the order's state and history."),
  statusAuthorization: z.string().describe("Private credential for status polling. Keep it: it is shown with the purchase (and its replays) only."),
  createdAt: z.iso.datetime().describe("When the order was created (ISO 8601, UTC)."),
});

/** 202 of a paid queued purchase. */
export const queuedPurchaseSchema = z.object({
  ok: z.literal(true),
  idempotentReplay: z.boolean().describe("true when this is the stored answer of a completed purchase, replayed for its original credential; nothing is charged again."),
  requestId: z.string().describe("The purchase's idempotency key (`request_id` or Idempotency-Key)."),
  order: placedOrderSchema,
});

/** 400 before payment when the order names a service the catalog does not have. */
export async function assertCatalogued(slug: string): Promise<void> {
  const found = await db.service.findUnique({ where: { slug }, select: { id: true } });
  if (!found) throw new AppError("invalid_request", "The request is not valid.", [{ path: "service", message: `No catalogued service has the slug "${slug}".` }]);
}
