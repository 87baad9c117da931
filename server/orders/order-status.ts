// Private status polling of a queued order (decisions.md §5): the order's id and its
// statusAuthorization. A wrong credential and an unknown (or malformed) id get the same answer
// after the same work, so nobody learns whether an order exists.
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { orderRowSelect, toOrderStatus, type OrderStatus } from "./order-view";
import { statusAuthorizationMatches } from "./status-authorization";

export const orderIdSchema = z.uuid("An order id is a UUID.");

// A SHA-256 hex no credential hashes to in practice: compared when there is no order, so an
// unknown id costs the same hashing and comparison as a wrong credential.
const ABSENT_HASH = "0".repeat(64);

export const orderNotFound = () => new AppError("not_found", "No order with this id for this credential.");

/** The order `orderId` if `credential` is its statusAuthorization; 404 otherwise. */
export async function getOrderStatus(orderId: string, credential: string): Promise<OrderStatus> {
  const id = orderIdSchema.safeParse(orderId);
  const row = id.success
    ? await db.order.findUnique({
        where: { id: id.data },
        select: { ...orderRowSelect, statusAuthorizationHash: true },
      })
    : null;
  const matches = statusAuthorizationMatches(credential, row?.statusAuthorizationHash ?? ABSENT_HASH);
  if (!row || !matches) throw orderNotFound();
  return toOrderStatus(row);
}
