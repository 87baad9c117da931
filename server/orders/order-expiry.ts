// Active placements end by themselves when their window closes (decisions.md §5): every instance
// runs the same single statement every ORDER_EXPIRY_INTERVAL_MS. The UPDATE only takes rows still
// `active` and due, and writes their `expired` event in the same statement (a CTE); an instance that
// runs it at the same moment waits for the row lock, re-checks `status = 'active'` and skips the
// row, so each placement expires once with exactly one event whoever runs it.
import { db } from "../db";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { logger } from "../logger";
import { ORDER_FLOWS } from "./order-states";

export const EXPIRY_NOTE = "The placement's duration ended.";

const EXPIRE = ORDER_FLOWS.placement.moves.expire;

/** Expires every active placement whose window has ended; returns their ids. */
export async function expireDueOrders(): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    WITH due AS (
      UPDATE orders SET status = ${EXPIRE.to}, updated_at = now()
      WHERE product = 'placement' AND status = ANY(${[...EXPIRE.from]}::text[]) AND active_until <= now()
      RETURNING id
    )
    INSERT INTO order_events (id, order_id, status, note, created_at)
    SELECT gen_random_uuid(), due.id, ${EXPIRE.to}, ${EXPIRY_NOTE},
           GREATEST(now(), (SELECT max(e.created_at) + interval '1 millisecond' FROM order_events e WHERE e.order_id = due.id))
    FROM due
    RETURNING order_id::text AS id`);
  return rows.map((r) => r.id);
}

let timer: NodeJS.Timeout | undefined;

/** Runs expireDueOrders in this process every ORDER_EXPIRY_INTERVAL_MS (started once by instrumentation.ts). */
export function startOrderExpiry(intervalMs = env.ORDER_EXPIRY_INTERVAL_MS): void {
  if (timer) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    expireDueOrders()
      .then((ids) => ids.length > 0 && logger.info({ orders: ids }, "placements expired"))
      .catch((err: unknown) => logger.warn({ err }, "order expiry pass failed"))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
}

/** Stops this process's job (tests). */
export function stopOrderExpiry(): void {
  clearInterval(timer);
  timer = undefined;
}
