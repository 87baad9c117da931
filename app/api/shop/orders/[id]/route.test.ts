// Order status polling through the route (decisions.md §5): a placement and an evaluation bought
// over HTTP with the real x402 client, then polled with their statusAuthorization. Missing or
// non-Bearer credentials are 401 with a Bearer challenge; a wrong credential, another order's
// credential, an unknown or malformed id all get the same 404; hostile input never a 5xx.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shopRoute } from "@/test/shop-route";
import { moveOrder } from "@/server/orders/move-order";
import { orderStatusResponseSchema } from "@/server/orders/order-view";
import { createPerson, someService } from "@/server/reviews/test-actors";
import { createOrderBuyer, evaluationBody, placementBody } from "@/test/orders/orders";
import { GET, POST, PUT, DELETE, PATCH } from "./route";

const { GET: placementsGET, POST: placementsPOST } = shopRoute("placements");
const { GET: evaluationsGET, POST: evaluationsPOST } = shopRoute("evaluations");
const service = await someService(5);

type Handler = (request: Request) => Promise<Response>;

/** Buys through the product's route: GET for the challenge, POST signed by the x402 client. */
async function buyOverHttp(get: Handler, post: Handler, path: string, body: Record<string, unknown>) {
  const agent = await createOrderBuyer();
  const challenge = await get(new Request(`http://marketplace.test${path}`));
  expect(challenge.status).toBe(402);
  const res = await post(
    new Request(`http://marketplace.test${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "payment-signature": await agent.sign(challenge.headers.get("payment-required")!),
      },
      body: JSON.stringify(body),
    }),
  );
  expect(res.status).toBe(202);
  const json = (await res.json()) as {
    order: { id: string; statusUrl: string; statusAuthorization: string; status: string };
  };
  return { agent, order: json.order };
}

const placement = await buyOverHttp(placementsGET, placementsPOST, "/api/shop/placements", placementBody(service));
const evaluation = await buyOverHttp(evaluationsGET, evaluationsPOST, "/api/shop/evaluations", evaluationBody(service));

// Next.js hands the decoded path segment in `params` (proxy.ts refuses undecodable paths before that).
function poll(id: string, headers: Record<string, string> = {}) {
  return GET(new Request("http://marketplace.test/api/shop/orders/segment", { headers }), {
    params: Promise.resolve({ id }),
  });
}
const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ error: "not_found", message: "No order with this id for this credential." });
}

describe("GET /api/shop/orders/{id}", () => {
  it("the purchases charged the products' prices and answered a status URL for this route", async () => {
    expect(await placement.agent.balance()).toBe(50_000_000n);
    expect(await evaluation.agent.balance()).toBe(11_000_000n);
    expect(placement.order.statusUrl).toBe(`http://marketplace.test/api/shop/orders/${placement.order.id}`);
    expect(placement.order.statusAuthorization).toMatch(/^osa_[A-Za-z0-9_-]{43}$/);
  });

  it("right credential: 200 with the order, its history and no-store", async () => {
    const res = await poll(placement.order.id, bearer(placement.order.statusAuthorization));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // Counted like the other free routes (the limits are high in tests, but they are applied).
    expect(res.headers.get("ratelimit-policy")).toMatch(/^\d+;w=60$/);
    const body = orderStatusResponseSchema.strict().parse(await res.json());
    expect(body.order).toMatchObject({
      id: placement.order.id,
      product: "placement",
      status: "queued",
      history: [{ status: "queued", note: "paid" }],
    });
    expect(Object.keys(body.order).sort()).toEqual(["createdAt", "history", "id", "product", "status", "updatedAt"]);
    // The scheme name is case-insensitive (RFC 7235).
    expect(
      (await poll(placement.order.id, { authorization: `bearer   ${placement.order.statusAuthorization}` })).status,
    ).toBe(200);
  });

  it("missing or non-Bearer credential: 401 with a Bearer challenge, whatever the id", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "" },
      { authorization: "Bearer" },
      { authorization: "Bearer " },
      { authorization: `Basic ${placement.order.statusAuthorization}` },
      { authorization: placement.order.statusAuthorization },
      { authorization: `Payment ${placement.order.statusAuthorization}` },
    ]) {
      for (const id of [placement.order.id, "nope"]) {
        const res = await poll(id, headers);
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="order-status"');
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect((await res.json()).error).toBe("unauthorized");
      }
    }
  });

  it("wrong credential, another order's credential, unknown id, malformed id: the same 404", async () => {
    const wrong =
      placement.order.statusAuthorization.slice(0, -1) +
      (placement.order.statusAuthorization.endsWith("A") ? "B" : "A");
    await expectNotFound(await poll(placement.order.id, bearer(wrong)));
    await expectNotFound(await poll(placement.order.id, bearer(evaluation.order.statusAuthorization)));
    await expectNotFound(await poll(evaluation.order.id, bearer(placement.order.statusAuthorization)));
    await expectNotFound(
      await poll("5f0c8b3e-2a41-4d7e-9b61-0c1d2e3f4a5b", bearer(placement.order.statusAuthorization)),
    );
    await expectNotFound(await poll("not-a-uuid", bearer(placement.order.statusAuthorization)));
    await expectNotFound(
      await poll(placement.order.id.toUpperCase() + "0", bearer(placement.order.statusAuthorization)),
    );
  });

  it("hostile ids and credentials: 404 or 401, never a 5xx", async () => {
    await expectNotFound(await poll(`${placement.order.id}\u0000`, bearer(placement.order.statusAuthorization)));
    await expectNotFound(await poll("\ud800", bearer(placement.order.statusAuthorization)));
    await expectNotFound(await poll("x".repeat(100_000), bearer(placement.order.statusAuthorization)));
    await expectNotFound(await poll(placement.order.id, bearer("osa_" + "A".repeat(60_000))));
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.string({ maxLength: 300 }),
        async (id, credential) => {
          const header = `Bearer ${credential.replace(/[^\x21-\x7e]/g, "x")}`;
          const res = await poll(id, { authorization: header });
          expect([401, 404]).toContain(res.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("history: every state in order, with the operator's reason; an evaluation's result once completed", async () => {
    const operator = await createPerson("operator");
    const id = evaluation.order.id;
    await moveOrder({ actor: operator, orderId: id, action: "assign" });
    await moveOrder({ actor: operator, orderId: id, action: "start" });
    await moveOrder({
      actor: operator,
      orderId: id,
      action: "complete",
      review: { rating: 5, title: "Solid", body: "Every call answered within 200 ms." },
    });
    const body = orderStatusResponseSchema.parse(
      await (await poll(id, bearer(evaluation.order.statusAuthorization))).json(),
    );
    expect(body.order.status).toBe("completed");
    expect(body.order.history.map((e) => e.status)).toEqual(["queued", "assigned", "in_progress", "completed"]);
    const times = body.order.history.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(body.order.result!.reviewUrl).toBe(`http://marketplace.test/reviews/${body.order.result!.reviewId}`);
    expect(Date.parse(body.order.updatedAt)).toBeGreaterThanOrEqual(times.at(-1)!);
    // Nobody's identity leaks to the buyer.
    expect(JSON.stringify(body)).not.toContain(operator.personId);
  });

  it("wrong methods: 405 JSON with Allow", async () => {
    for (const handler of [POST, PUT, DELETE, PATCH]) {
      const res = handler(new Request("http://marketplace.test/api/shop/orders/x", { method: "POST" }));
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
  });
});
