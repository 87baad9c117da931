// The operators' view of queued orders (the /operator/orders page): per product and state, oldest
// first, each with what the buyer asked for, its history with who moved it, and the actions its
// state allows. Operators only.
import { z } from "zod";
import { isOperator, type Actor } from "../accounts/actor";
import { db } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { cursorTimeMs, decodeCursor, encodeCursor } from "../input/cursor";
import { storableText } from "../input/storable-text";
import { logger } from "../logger";
import { evaluationRequestSchema, type EvaluationRequest } from "./evaluation-request";
import { placementRequestSchema, type PlacementRequest } from "./placement-request";
import type { DbClient } from "../transaction";
import {
  allowedActions,
  ORDER_ACTIONS,
  ORDER_FLOWS,
  ORDER_STATUSES,
  QUEUED_PRODUCTS,
  statusesOf,
  type QueuedProduct,
} from "./order-states";
import { orderEventSchema, orderRowSelect, orderStatusSchema, toOrderStatus, type OrderRow } from "./order-view";

export function assertOperator(actor: Actor): asserts actor is Extract<Actor, { type: "human" }> {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only marketplace operators may handle orders.");
}

const personSchema = z.object({ id: z.string(), name: z.string() });

export const operatorOrderSchema = orderStatusSchema.omit({ history: true }).extend({
  input: z.union([placementRequestSchema, evaluationRequestSchema]).describe("The request body the buyer paid for."),
  service: z
    .object({ slug: z.string(), name: z.string() })
    .nullable()
    .describe("The catalogued service the order is about (null if it left the catalog)."),
  history: z.array(
    orderEventSchema.extend({
      actor: personSchema.nullable().describe("The operator who moved it; null for the purchase and automatic expiry."),
    }),
  ),
  allowedActions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OperatorOrder = z.infer<typeof operatorOrderSchema>;
export type OperatorOrderInput = PlacementRequest | EvaluationRequest;

const inputSchemaOf = (product: QueuedProduct) =>
  product === "placement" ? placementRequestSchema : evaluationRequestSchema;

/** Rows in the operators' form: input typed by product, service names and operators' names joined. */
export async function toOperatorOrders(rows: OrderRow[], client: DbClient = db): Promise<OperatorOrder[]> {
  const slugs = [
    ...new Set(
      rows.map((r) => (r.input as { service?: unknown }).service).filter((s): s is string => typeof s === "string"),
    ),
  ];
  const actorIds = [...new Set(rows.flatMap((r) => r.history.flatMap((e) => (e.actorId ? [e.actorId] : []))))];
  // One after the other: inside a transaction there is one connection.
  const services = new Map(
    (await client.service.findMany({ where: { slug: { in: slugs } }, select: { slug: true, name: true } })).map((s) => [
      s.slug,
      s,
    ]),
  );
  const people = new Map(
    (await client.person.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } })).map((p) => [
      p.id,
      p,
    ]),
  );
  return rows.map((row) => {
    const product = row.product as QueuedProduct;
    // Stored after passing this very schema at purchase time; parsed again for its type (an order
    // stored under an older schema is shown as it was stored rather than breaking the page).
    const parsed = inputSchemaOf(product).safeParse(row.input);
    if (!parsed.success) logger.warn({ orderId: row.id }, "order input no longer matches its product's request schema");
    const input = parsed.success ? parsed.data : (row.input as OperatorOrderInput);
    const view = toOrderStatus(row);
    return {
      ...view,
      input,
      service: services.get(input.service) ?? null,
      history: row.history.map((e, i) => ({
        ...view.history[i]!,
        actor: e.actorId ? (people.get(e.actorId) ?? { id: e.actorId, name: "(deleted account)" }) : null,
      })),
      allowedActions: allowedActions(product, row.status),
    };
  });
}

export const listOrdersInput = z.strictObject({
  product: z.enum(QUEUED_PRODUCTS as [QueuedProduct, ...QueuedProduct[]]),
  status: z.enum(ORDER_STATUSES).optional().describe("Default: the product's first state, `queued`."),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: storableText().max(200).optional(),
});
export type ListOrdersInput = z.input<typeof listOrdersInput>;

// (createdAt in epoch ms, id) of the last row of the page.
const cursorSchema = z.tuple([cursorTimeMs(), z.uuid()]);

/** Orders of one product in one state, oldest first (a queue), keyset-paginated. */
export async function listOrders(
  actor: Actor,
  rawInput: ListOrdersInput,
): Promise<{ orders: OperatorOrder[]; nextCursor: string | null }> {
  assertOperator(actor);
  const input = listOrdersInput.parse(rawInput);
  const status = input.status ?? ORDER_FLOWS[input.product].initial;
  if (!statusesOf(input.product).includes(status)) {
    throw new AppError("invalid_request", "The filter is not valid.", [
      {
        path: "status",
        message: `A ${input.product} is never ${status}; its states are ${statusesOf(input.product).join(", ")}.`,
      },
    ]);
  }
  const where: Prisma.OrderWhereInput = { product: input.product, status };
  if (input.cursor) {
    const [ms, id] = decodeCursor(cursorSchema, input.cursor);
    const at = new Date(ms);
    where.OR = [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: id } }];
  }
  const rows = await db.order.findMany({
    where,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.limit + 1,
    select: orderRowSelect,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    orders: await toOperatorOrders(page),
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.createdAt.getTime(), last.id]) : null,
  };
}

export type OrderCounts = Record<QueuedProduct, Record<string, number>>;

/** How many orders each product has in each of its states (0 included), for the page's tabs. */
export async function orderCounts(actor: Actor): Promise<OrderCounts> {
  assertOperator(actor);
  const groups = await db.order.groupBy({ by: ["product", "status"], _count: { _all: true } });
  const counts = Object.fromEntries(
    QUEUED_PRODUCTS.map((p) => [p, Object.fromEntries(statusesOf(p).map((s) => [s, 0]))]),
  ) as OrderCounts;
  for (const g of groups)
    if (g.product in counts && g.status in counts[g.product as QueuedProduct])
      counts[g.product as QueuedProduct][g.status] = g._count._all;
  return counts;
}

/** One order in the operators' form (404 when there is none). */
export async function getOperatorOrder(actor: Actor, orderId: string): Promise<OperatorOrder> {
  assertOperator(actor);
  const row = z.uuid().safeParse(orderId).success
    ? await db.order.findUnique({ where: { id: orderId }, select: orderRowSelect })
    : null;
  if (!row) throw new AppError("not_found", `No order with id "${orderId}".`);
  return (await toOperatorOrders([row]))[0]!;
}
