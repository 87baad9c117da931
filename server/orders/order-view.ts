// What the buyer of a queued order sees when polling it (GET /api/shop/orders/{id}): its state,
// its history, and its result once there is one. Times are ISO 8601 (UTC) strings. The operator's
// identity and the order's input are not part of it.
import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";
import { evaluationResultSchema, type OrderStatus } from "./order-status-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export {
  orderEventSchema,
  evaluationResultSchema,
  orderStatusSchema,
  orderStatusResponseSchema,
} from "./order-status-schema";
export type { OrderStatus } from "./order-status-schema";

export const orderRowSelect = {
  id: true,
  product: true,
  status: true,
  input: true,
  result: true,
  activeFrom: true,
  activeUntil: true,
  createdAt: true,
  updatedAt: true,
  history: {
    select: { status: true, note: true, actorId: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.OrderSelect;
export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderRowSelect }>;

export function loadOrderRow(id: string, client: DbClient = db): Promise<OrderRow | null> {
  return client.order.findUnique({ where: { id }, select: orderRowSelect });
}

const resultOf = (value: unknown) => {
  const parsed = evaluationResultSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export function toOrderStatus(row: OrderRow): OrderStatus {
  const result = resultOf(row.result);
  return {
    id: row.id,
    product: row.product,
    status: row.status as OrderStatus["status"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: row.history.map((e) => ({
      status: e.status as OrderStatus["status"],
      at: e.createdAt.toISOString(),
      ...(e.note ? { note: e.note } : {}),
    })),
    ...(result ? { result } : {}),
    ...(row.activeFrom ? { activeFrom: row.activeFrom.toISOString() } : {}),
    ...(row.activeUntil ? { activeUntil: row.activeUntil.toISOString() } : {}),
  };
}
