// The orders procedures the operator page calls: operators only; the queue per product and state,
// oldest first and paginated without gaps; counts per state; moves with their refusals as tRPC codes.
import { describe, expect, it } from "vitest";
import { someService } from "../../reviews/test-actors";
import { buyOrder, orderIn } from "@/test/orders/orders";
import { callerFor, createPerson, signedOutCaller } from "../test-callers";

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const service = await someService(9);

describe("orders procedures refuse everyone but operators", () => {
  it("FORBIDDEN for members, UNAUTHORIZED when signed out, for every procedure", async () => {
    for (const [caller, code] of [
      [await callerFor(await createPerson("member")), "FORBIDDEN"],
      [await signedOutCaller(), "UNAUTHORIZED"],
    ] as const) {
      await expect(caller.orders.list({ product: "placement" })).rejects.toMatchObject({ code });
      await expect(caller.orders.counts()).rejects.toMatchObject({ code });
      await expect(caller.orders.byId({ id: SOME_ID })).rejects.toMatchObject({ code });
      await expect(caller.orders.move({ orderId: SOME_ID, action: "assign" })).rejects.toMatchObject({ code });
    }
  });
});

describe("orders for an operator", () => {
  it("lists one product's orders in one state, oldest first, across pages without gaps, with input, service and allowed actions", async () => {
    const operator = await createPerson("operator");
    const op = await callerFor(operator);
    const bought = [];
    for (let i = 0; i < 5; i++) bought.push(await buyOrder("evaluation", service));
    await orderIn(operator, "placement", "queued", service);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await op.orders.list({ product: "evaluation", limit: 2, cursor });
      seen.push(...page.orders.map((o) => o.id));
      for (const o of page.orders) {
        expect(o).toMatchObject({
          product: "evaluation",
          status: "queued",
          allowedActions: ["assign", "reject"],
          service: { slug: service },
        });
        expect(o.input).toMatchObject({ service, contact: { email: "buyer@example.com" } });
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(bought.map((o) => o.id));
    expect((await op.orders.list({ product: "placement", status: "queued" })).orders).toHaveLength(1);

    const counts = await op.orders.counts();
    expect(counts.evaluation).toEqual({ queued: 5, assigned: 0, in_progress: 0, completed: 0, rejected: 0 });
    expect(counts.placement).toMatchObject({ queued: 1, in_review: 0, active: 0 });
  });

  it("moves an order and answers it; a forbidden move is CONFLICT invalid_transition; bad input is BAD_REQUEST", async () => {
    const op = await callerFor(await createPerson("operator"));
    const order = await buyOrder("placement", service);
    const moved = await op.orders.move({ orderId: order.id, action: "start", expectedStatus: "queued" });
    expect(moved).toMatchObject({ status: "in_review", allowedActions: ["activate", "reject"] });
    await expect(
      op.orders.move({ orderId: order.id, action: "start", expectedStatus: "queued" }),
    ).rejects.toMatchObject({ code: "CONFLICT", cause: { code: "invalid_transition" } });
    await expect(op.orders.move({ orderId: order.id, action: "reject" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(op.orders.list({ product: "placement", status: "assigned" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(op.orders.list({ product: "placement", cursor: "%%%" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(op.orders.byId({ id: SOME_ID })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await op.orders.byId({ id: order.id })).status).toBe("in_review");
  });
});
