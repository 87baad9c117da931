// A paid queued purchase becomes an order (decisions.md §5). Fulfilment may run more than once for
// one purchase (crash, retry, reconciler), so the order is keyed by the purchase: the first run
// creates it with its `queued` history entry, later runs find the same order.
import { randomUUID } from "node:crypto";
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ORDER_FLOWS, type QueuedProduct } from "./order-states";
import { hashStatusAuthorization, statusAuthorizationFor } from "./status-authorization";

export interface PlacedOrder {
  id: string;
  product: QueuedProduct;
  status: string;
  statusUrl: string;
  statusAuthorization: string;
  /** ISO 8601. */
  createdAt: string;
}

type OrderRow = { id: string; createdAt: Date };

export async function createOrderForPurchase(args: {
  product: QueuedProduct;
  purchaseId: string;
  input: unknown;
  baseUrl: string;
}): Promise<PlacedOrder> {
  const initial = ORDER_FLOWS[args.product].initial;
  const id = randomUUID();
  // Computed before the transaction: it reads the shared secret on its own connection.
  const authorization = await statusAuthorizationFor(id);
  const row = await db.$transaction(async (tx) => {
    const [created] = await tx.$queryRaw<OrderRow[]>(Prisma.sql`
      INSERT INTO orders (id, product, status, purchase_id, status_authorization_hash, input, updated_at)
      VALUES (${id}::uuid, ${args.product}, ${initial}, ${args.purchaseId}::uuid, ${hashStatusAuthorization(authorization)}, ${JSON.stringify(args.input)}::jsonb, now())
      ON CONFLICT (purchase_id) DO NOTHING
      RETURNING id, created_at AS "createdAt"`);
    if (!created) {
      const [existing] = await tx.$queryRaw<OrderRow[]>(
        Prisma.sql`SELECT id, created_at AS "createdAt" FROM orders WHERE purchase_id = ${args.purchaseId}::uuid`,
      );
      return existing!;
    }
    await tx.$executeRaw(
      Prisma.sql`INSERT INTO order_events (id, order_id, status, note) VALUES (gen_random_uuid(), ${created.id}::uuid, ${initial}, 'paid')`,
    );
    return created;
  });
  return {
    id: row.id,
    product: args.product,
    // The state the order was created in: a replayed purchase answer is the same bytes as the first.
    status: initial,
    statusUrl: `${args.baseUrl}/api/shop/orders/${row.id}`,
    statusAuthorization: row.id === id ? authorization : await statusAuthorizationFor(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}
