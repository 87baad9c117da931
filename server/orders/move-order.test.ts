// Operator moves: every (product, state, action) against ORDER_FLOWS and against an explicit table,
// the reasons and reviews moves need, who may move, the history they write, a placement's window,
// an evaluation's published review, and two operators racing on one order.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { getReview } from "@/server/reviews/get-review";
import { listReviews } from "@/server/reviews/list-reviews";
import { createPerson, someService } from "@/server/reviews/test-actors";
import { buyOrder, extrasFor, orderIn, reviewFor } from "@/test/orders/orders";
import { moveOrder } from "./move-order";
import { getOperatorOrder } from "./operator-orders";
import {
  ORDER_ACTIONS,
  ORDER_FLOWS,
  ORDER_STATUSES,
  QUEUED_PRODUCTS,
  nextStatus,
  statusesOf,
  type OrderAction,
  type QueuedProduct,
} from "./order-states";
import { getOrderStatus } from "./order-status";

const operator = await createPerson("operator", "Olga Operator");
const service = await someService(3);

// The allowed moves written out by hand (decisions.md §5), so a change to ORDER_FLOWS shows here.
const ALLOWED: Record<QueuedProduct, Record<string, Partial<Record<OrderAction, string>>>> = {
  placement: {
    queued: { start: "in_review", reject: "rejected" },
    in_review: { activate: "active", reject: "rejected" },
    active: { expire: "expired" },
    expired: {},
    rejected: {},
  },
  evaluation: {
    queued: { assign: "assigned", reject: "rejected" },
    assigned: { start: "in_progress", reject: "rejected" },
    in_progress: { complete: "completed", reject: "rejected" },
    completed: {},
    rejected: {},
  },
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("the state machines", () => {
  it("ORDER_STATUSES lists every state of every flow", () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...new Set(QUEUED_PRODUCTS.flatMap(statusesOf))].sort());
  });

  it("ORDER_FLOWS allows exactly the hand-written moves", () => {
    for (const product of QUEUED_PRODUCTS) {
      expect(statusesOf(product).sort()).toEqual(Object.keys(ALLOWED[product]).sort());
      for (const status of statusesOf(product))
        for (const action of ORDER_ACTIONS)
          expect(nextStatus(product, status, action), `${product} ${status} ${action}`).toBe(
            ALLOWED[product][status]![action],
          );
    }
  });
});

// One case per product, state and action: an order really bought and moved to the state, then the action.
const cases = QUEUED_PRODUCTS.flatMap((product) =>
  statusesOf(product).flatMap((status) => ORDER_ACTIONS.map((action) => ({ product, status, action }))),
);

describe.each(QUEUED_PRODUCTS)("%s: every action from every state", (product) => {
  it.each(cases.filter((c) => c.product === product))("$status + $action", async ({ status, action }) => {
    const order = await orderIn(operator, product, status, service);
    const to = nextStatus(product, status, action);
    const before = await db.orderEvent.count({ where: { orderId: order.id } });
    const move = moveOrder({ actor: operator, orderId: order.id, action, ...extrasFor(action) });
    if (to) {
      const moved = await move;
      expect(moved.status).toBe(to);
      expect(moved.history.at(-1)).toMatchObject({
        status: to,
        actor: { id: operator.personId, name: "Olga Operator" },
      });
      expect(await db.orderEvent.count({ where: { orderId: order.id } })).toBe(before + 1);
    } else {
      const err = await refusal(move);
      expect(err.code).toBe("invalid_transition");
      expect(err.status).toBe(409);
      expect(err.message).toContain(`is ${status}`);
      const allowed = Object.keys(ALLOWED[product][status]!);
      expect(err.message).toContain(allowed.length > 0 ? `Allowed now: ${allowed.join(", ")}.` : "It is final");
      // Nothing changed.
      expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(status);
      expect(await db.orderEvent.count({ where: { orderId: order.id } })).toBe(before);
    }
  });
});

describe("moving orders", () => {
  it("only operators move orders", async () => {
    const order = await buyOrder("evaluation", service);
    const member = await createPerson("member");
    expect((await refusal(moveOrder({ actor: member, orderId: order.id, action: "assign" }))).code).toBe("forbidden");
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("queued");
  });

  it("reject and expire need a reason, complete a review, and only complete takes one; unknown orders are 404", async () => {
    const order = await buyOrder("placement", service);
    for (const input of [
      { action: "reject" as const },
      { action: "reject" as const, reason: "   " },
      { action: "start" as const, review: reviewFor() },
    ]) {
      await expect(moveOrder({ actor: operator, orderId: order.id, ...input })).rejects.toMatchObject({
        name: "ZodError",
      });
    }
    await expect(
      moveOrder({ actor: operator, orderId: order.id, action: "reject", reason: "a\u0000b" }),
    ).rejects.toMatchObject({ name: "ZodError" });
    const active = await orderIn(operator, "placement", "active", service);
    await expect(moveOrder({ actor: operator, orderId: active.id, action: "expire" })).rejects.toMatchObject({
      name: "ZodError",
    });
    const evaluation = await orderIn(operator, "evaluation", "in_progress", service);
    await expect(moveOrder({ actor: operator, orderId: evaluation.id, action: "complete" })).rejects.toMatchObject({
      name: "ZodError",
    });
    await expect(
      moveOrder({ actor: operator, orderId: evaluation.id, action: "complete", review: { ...reviewFor(), rating: 6 } }),
    ).rejects.toMatchObject({ name: "ZodError" });
    expect(
      (await refusal(moveOrder({ actor: operator, orderId: "7b0e4f3c-1d1e-4c1e-9a43-9f5d6a2b8c01", action: "assign" })))
        .code,
    ).toBe("not_found");
    await expect(moveOrder({ actor: operator, orderId: "not-a-uuid", action: "assign" })).rejects.toMatchObject({
      name: "ZodError",
    });
  });

  it("a reason is kept on the history and shown to the buyer", async () => {
    const order = await buyOrder("evaluation", service);
    await moveOrder({
      actor: operator,
      orderId: order.id,
      action: "reject",
      reason: "  The service has no callable offer.  ",
    });
    const polled = await getOrderStatus(order.id, order.statusAuthorization);
    expect(polled.status).toBe("rejected");
    expect(polled.history.map((e) => [e.status, e.note])).toEqual([
      ["queued", "paid"],
      ["rejected", "The service has no callable offer."],
    ]);
  });

  it("activate opens the placement's window for its durationDays; a manual expire closes it", async () => {
    const order = await orderIn(operator, "placement", "active", service);
    const row = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.activeFrom).not.toBeNull();
    expect(row.activeUntil!.getTime() - row.activeFrom!.getTime()).toBe(7 * 86_400_000);
    expect(Math.abs(row.activeFrom!.getTime() - Date.now())).toBeLessThan(60_000);
    const polled = await getOrderStatus(order.id, order.statusAuthorization);
    expect(polled).toMatchObject({
      status: "active",
      activeFrom: row.activeFrom!.toISOString(),
      activeUntil: row.activeUntil!.toISOString(),
    });

    const expired = await moveOrder({
      actor: operator,
      orderId: order.id,
      action: "expire",
      reason: "The vendor asked to stop.",
    });
    expect(expired.status).toBe("expired");
    expect(new Date(expired.activeUntil!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(expired.history.map((e) => e.status)).toEqual(["queued", "in_review", "active", "expired"]);
  });

  it("history is in the order of the moves, strictly increasing in time", async () => {
    const order = await orderIn(operator, "evaluation", "in_progress", service);
    const view = await getOperatorOrder(operator, order.id);
    expect(view.history.map((e) => e.status)).toEqual(["queued", "assigned", "in_progress"]);
    const times = view.history.map((e) => Date.parse(e.at));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    expect(view.history[0]!.actor).toBeNull();
    expect(view.allowedActions).toEqual(["complete", "reject"]);
  });
});

describe("completing an evaluation", () => {
  it("publishes a human-reviewed review by the operator, linked as the order's result, listed with the service's reviews", async () => {
    const order = await orderIn(operator, "evaluation", "in_progress", service);
    const title = `Evaluation of ${service}`;
    const done = await moveOrder({
      actor: operator,
      orderId: order.id,
      action: "complete",
      review: { ...reviewFor(title), rating: 3 },
    });
    expect(done.status).toBe("completed");
    const result = done.result!;
    expect(result.reviewUrl).toBe(`http://marketplace.test/reviews/${result.reviewId}`);

    const review = await getReview(result.reviewId);
    expect(review).toMatchObject({
      slug: service,
      actorType: "human",
      name: "Olga Operator",
      org: "Agent Payment Marketplace",
      rating: 3,
      title,
      tags: ["latency", "errors"],
    });
    expect(review.revision.humanReviewStatus).toBe("reviewed");
    expect(review.revision.humanReviewedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(
      await db.review.findUniqueOrThrow({
        where: { id: result.reviewId },
        select: { humanReviewedById: true, personId: true },
      }),
    ).toEqual({ humanReviewedById: operator.personId, personId: operator.personId });

    const listed = await listReviews({ service, limit: 50 });
    expect(listed.reviews.map((r) => r.id)).toContain(result.reviewId);
    // The buyer sees the result when polling.
    expect((await getOrderStatus(order.id, order.statusAuthorization)).result).toEqual(result);
  });

  it("a refused completion publishes nothing (the review is written in the order's transaction)", async () => {
    const order = await orderIn(operator, "evaluation", "assigned", service);
    const title = `Never published ${Date.now()}`;
    expect(
      (await refusal(moveOrder({ actor: operator, orderId: order.id, action: "complete", review: reviewFor(title) })))
        .code,
    ).toBe("invalid_transition");
    expect(await db.review.count({ where: { title } })).toBe(0);
  });
});

describe("two operators at once", () => {
  it("the same move: exactly one wins, the other gets 409; one event, one review", async () => {
    const second = await createPerson("operator");
    const order = await orderIn(operator, "evaluation", "in_progress", service);
    const title = `Raced ${Date.now()}`;
    const outcomes = await Promise.allSettled(
      [operator, second].map((actor) =>
        moveOrder({ actor, orderId: order.id, action: "complete", review: reviewFor(title) }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "invalid_transition" });
    expect(await db.orderEvent.count({ where: { orderId: order.id, status: "completed" } })).toBe(1);
    expect(await db.review.count({ where: { title } })).toBe(1);
  });

  it("different moves from the state both saw: the first wins, the second is told the order moved", async () => {
    const second = await createPerson("operator");
    const order = await orderIn(operator, "evaluation", "assigned", service);
    // start leads to in_progress, from where reject is allowed: only expectedStatus tells the second it is late.
    const outcomes = await Promise.allSettled([
      moveOrder({ actor: operator, orderId: order.id, action: "start", expectedStatus: "assigned" }),
      moveOrder({
        actor: second,
        orderId: order.id,
        action: "reject",
        reason: "Out of scope",
        expectedStatus: "assigned",
      }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = (outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason as AppError;
    expect(lost.code).toBe("invalid_transition");
    expect(lost.message).toMatch(/is now (in_progress|rejected), not assigned/);
    const events = await db.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.status)).toHaveLength(3);
  });
});

it("every flow's moves name states of that flow only", () => {
  for (const product of QUEUED_PRODUCTS) {
    const states = new Set(statusesOf(product));
    for (const m of Object.values(ORDER_FLOWS[product].moves))
      for (const s of [...m.from, m.to]) expect(states.has(s)).toBe(true);
  }
});
