// Operators move queued orders through their state machine (decisions.md §5, order-states.ts).
// One transaction with the order row locked (SELECT … FOR UPDATE, so across instances too): the
// move is checked against the state the row has now, the status, window or result and the history
// event are written together. Of two operators acting on one order at once, the second sees the
// first's state and gets 409 invalid_transition (or, when it says which state it saw, whenever the
// order moved meanwhile).
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { urls } from "../catalog/urls";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { storableText } from "../input/storable-text";
import { placementRequestSchema } from "./placement-request";
import { evaluationReviewInput, publishEvaluationReview } from "../reviews/evaluation-review";
import { inTransaction } from "../transaction";
import { assertOperator, getOperatorOrder, type OperatorOrder } from "./operator-orders";
import {
  ACTIONS_NEEDING_REASON,
  allowedActions,
  nextStatus,
  ORDER_ACTIONS,
  ORDER_FLOWS,
  ORDER_STATUSES,
  type OrderAction,
  type QueuedProduct,
} from "./order-states";
import { orderIdSchema, orderNotFound } from "./order-status";

export const orderReasonSchema = storableText()
  .trim()
  .min(1, "Say why in 1 to 500 characters.")
  .max(500, "A reason has at most 500 characters.");

export const moveOrderInput = z
  .strictObject({
    orderId: orderIdSchema,
    action: z.enum(ORDER_ACTIONS),
    /** The state the operator saw: the move is refused if the order has moved since. */
    expectedStatus: z.enum(ORDER_STATUSES).optional(),
    reason: orderReasonSchema.optional(),
    review: evaluationReviewInput.optional(),
  })
  .superRefine((v, ctx) => {
    if (ACTIONS_NEEDING_REASON.includes(v.action) && v.reason === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: `Say why you ${v.action} it (1 to 500 characters): the buyer sees it in the order's history.`,
      });
    }
    if (v.action === "complete" && !v.review)
      ctx.addIssue({
        code: "custom",
        path: ["review"],
        message: "Completing an evaluation publishes it: give the review's rating, title and body.",
      });
    if (v.action !== "complete" && v.review)
      ctx.addIssue({ code: "custom", path: ["review"], message: "Only `complete` takes a review." });
  });
export type MoveOrderInput = z.input<typeof moveOrderInput>;

// Loose objects: the stored input has every other field of its request too.
const durationSchema = z.object({ durationDays: placementRequestSchema.shape.durationDays });
const evaluatedSchema = z.object({ service: z.string() });

type LockedOrder = { id: string; product: string; status: string; input: unknown };

function invalidTransition(order: LockedOrder, action: OrderAction, expected?: string): AppError {
  const allowed = allowedActions(order.product as QueuedProduct, order.status);
  const options = allowed.length > 0 ? `Allowed now: ${allowed.join(", ")}.` : "It is final: no action is allowed.";
  const why =
    expected && expected !== order.status
      ? `This ${order.product} order is now ${order.status}, not ${expected}: someone moved it meanwhile.`
      : `This ${order.product} order is ${order.status}; ${action} is not allowed from there.`;
  return new AppError("invalid_transition", `${why} ${options}`);
}

/** Applies `action` to the order for an operator and returns the order as operators see it. */
export async function moveOrder({ actor, ...raw }: { actor: Actor } & MoveOrderInput): Promise<OperatorOrder> {
  assertOperator(actor);
  const input = moveOrderInput.parse(raw);
  await inTransaction(undefined, async (tx) => {
    const [order] = await tx.$queryRaw<LockedOrder[]>(
      Prisma.sql`SELECT id::text, product, status, input FROM orders WHERE id = ${input.orderId}::uuid FOR UPDATE`,
    );
    if (!order || !(order.product in ORDER_FLOWS)) throw orderNotFound();
    const product = order.product as QueuedProduct;
    if (input.expectedStatus && input.expectedStatus !== order.status)
      throw invalidTransition(order, input.action, input.expectedStatus);
    const to = nextStatus(product, order.status, input.action);
    if (!to) throw invalidTransition(order, input.action);

    // What else the move sets: a placement's active window, a finished evaluation's review.
    let extra = Prisma.empty;
    if (input.action === "activate") {
      const { durationDays } = durationSchema.parse(order.input);
      extra = Prisma.sql`, active_from = now(), active_until = now() + make_interval(days => ${durationDays}::int)`;
    } else if (input.action === "expire") {
      extra = Prisma.sql`, active_until = LEAST(active_until, now())`;
    } else if (input.action === "complete") {
      const reviewId = await publishEvaluationReview(
        tx,
        actor,
        evaluatedSchema.parse(order.input).service,
        input.review!,
      );
      extra = Prisma.sql`, result = ${JSON.stringify({ reviewId, reviewUrl: urls.review(reviewId) })}::jsonb`;
    }
    await tx.$executeRaw(
      Prisma.sql`UPDATE orders SET status = ${to}, updated_at = now() ${extra} WHERE id = ${order.id}::uuid`,
    );
    // Strictly after the order's last event, so the history keeps its order even within one millisecond.
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO order_events (id, order_id, status, note, actor_id, created_at)
      SELECT gen_random_uuid(), ${order.id}::uuid, ${to}, ${input.reason ?? null}, ${actor.personId},
             GREATEST(now(), (SELECT max(created_at) + interval '1 millisecond' FROM order_events WHERE order_id = ${order.id}::uuid))`);
  });
  return getOperatorOrder(actor, input.orderId);
}
