// Queued orders for operators (operatorProcedure: 401 signed out, 403 for members): the queue per
// product and state, the counts for its tabs, one order, and moving an order (assign, start,
// complete with the evaluation's review, reject, activate, expire).
import { z } from "zod";
import { moveOrder, moveOrderInput } from "../../orders/move-order";
import { getOperatorOrder, listOrders, listOrdersInput, orderCounts } from "../../orders/operator-orders";
import { orderIdSchema } from "../../orders/order-status";
import { createTRPCRouter, operatorProcedure } from "../init";

export const ordersRouter = createTRPCRouter({
  list: operatorProcedure.input(listOrdersInput).query(({ ctx, input }) => listOrders(ctx.actor, input)),
  counts: operatorProcedure.query(({ ctx }) => orderCounts(ctx.actor)),
  byId: operatorProcedure
    .input(z.strictObject({ id: orderIdSchema }))
    .query(({ ctx, input }) => getOperatorOrder(ctx.actor, input.id)),
  move: operatorProcedure.input(moveOrderInput).mutation(({ ctx, input }) => moveOrder({ actor: ctx.actor, ...input })),
});
