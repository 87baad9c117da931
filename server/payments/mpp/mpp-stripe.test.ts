// MPP `stripe` on the queued products, end to end against the real ledger: the official mppx client
// answers the 402's stripe challenge with a Shared Payment Token, mppx admits it, the purchase is
// claimed in the ledger, and only then the PaymentIntent is created, through an in-process Stripe
// double that keeps Stripe's idempotency rule (same key → the stored answer, no second charge).
import { Challenge, Receipt } from "mppx";
import { Mppx, stripe } from "mppx/client";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { asResponse } from "@/test/payments/mpp-agent";
import { buyQueued, ordersOfKey, queuedBody } from "@/test/payments/queued-shop";
import { paymentConfigFromEnv } from "../payment-config";
import { createPaymentRuntime } from "../payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { describeProduct, reconcilePurchase } from "../purchase-flow";
import { mppConfigFromEnv } from "./mpp-config";
import { StripeRefusal, type StripeClient, type StripeCreateParams, type StripePaymentIntent } from "./stripe-client";
import { stripeIdempotencyKey } from "./stripe-settle";

type Behaviour = "succeed" | "decline" | "action" | "action-then-paid" | "timeout-once";

// Stripe as the purchase sees it: an idempotency key replays its first answer (success or error, the
// state as it was then); retrieve and cancel see the current state; `charges` counts money that moved.
function fakeStripe() {
  const behaviour = new Map<string, Behaviour>();
  const stored = new Map<string, { intent?: StripePaymentIntent; error?: Error }>();
  const current = new Map<string, StripePaymentIntent>();
  const calls: { params: StripeCreateParams; idempotencyKey: string }[] = [];
  const cancels: string[] = [];
  const created = new Map<string, string>(); // token → its PaymentIntent
  const charges: { id: string; spt: string; amount: number; currency: string }[] = [];
  const timedOut = new Set<string>();
  let next = 0;
  const roundTrip = () => new Promise((r) => setTimeout(r, 5)); // lets concurrent requests overlap
  const client: StripeClient = {
    paymentIntents: {
      async create(params, { idempotencyKey }) {
        calls.push({ params, idempotencyKey });
        await roundTrip();
        const kept = stored.get(idempotencyKey);
        if (kept) {
          if (kept.error) throw kept.error;
          return { ...kept.intent! };
        }
        const spt = params.shared_payment_granted_token;
        const mode = behaviour.get(spt) ?? "succeed";
        if (mode === "decline") {
          const error = new StripeRefusal("card_declined", "Your card was declined.");
          stored.set(idempotencyKey, { error });
          throw error;
        }
        const id = `pi_test_${++next}`;
        created.set(spt, id);
        const status = mode === "action" || mode === "action-then-paid" ? "requires_action" : "succeeded";
        stored.set(idempotencyKey, { intent: { id, status } });
        // "action-then-paid": the payer completes 3-D Secure right after the answer left Stripe.
        current.set(id, { id, status: mode === "action-then-paid" ? "succeeded" : status });
        if (current.get(id)!.status === "succeeded")
          charges.push({ id, spt, amount: params.amount, currency: params.currency });
        if (mode === "timeout-once" && !timedOut.has(idempotencyKey)) {
          timedOut.add(idempotencyKey);
          throw new Error("The operation was aborted due to timeout"); // charged, but the answer never came back
        }
        return { id, status };
      },
      async retrieve(id) {
        await roundTrip();
        return { ...current.get(id)! };
      },
      async cancel(id) {
        cancels.push(id);
        await roundTrip();
        const intent = current.get(id)!;
        if (intent.status !== "requires_action" && intent.status !== "requires_payment_method") {
          throw new StripeRefusal(
            "payment_intent_unexpected_state",
            `This PaymentIntent's status is ${intent.status}.`,
          );
        }
        intent.status = "canceled";
        return { ...intent };
      },
    },
  };
  return { client, behaviour, calls, cancels, charges, current, created };
}

const stripeApi = fakeStripe();
const runtime = createPaymentRuntime(
  {
    ...paymentConfigFromEnv(),
    mpp: {
      ...mppConfigFromEnv(),
      methods: ["evm", "stripe"],
      stripe: { networkId: "profile_test", paymentMethodTypes: ["card"], client: stripeApi.client },
    },
  },
  PRODUCT_LIST,
);

let tokens = 0;
/** An agent paying with one Shared Payment Token (what a Stripe client grants per purchase). */
function stripeAgent(behaviour: Behaviour = "succeed") {
  const spt = `spt_test_${process.pid}_${Date.now()}_${++tokens}`;
  stripeApi.behaviour.set(spt, behaviour);
  const client = Mppx.create({
    methods: [stripe.charge({ paymentMethod: "pm_card_visa", createToken: async () => spt })],
    polyfill: false,
  });
  return {
    spt,
    pay: async () => client.createCredential(asResponse(await describeProduct(runtime, placementProduct))),
  };
}

const callsOf = (spt: string) => stripeApi.calls.filter((c) => c.params.shared_payment_granted_token === spt);
const chargesOf = (spt: string) => stripeApi.charges.filter((c) => c.spt === spt);

describe("MPP stripe", () => {
  it("the 402 carries an evm and a stripe challenge; the stripe one asks for the price in cents of USD", async () => {
    const r = await describeProduct(runtime, placementProduct);
    expect(r.status).toBe(402);
    const challenges = Challenge.fromResponseList(asResponse(r));
    expect(challenges.map((c) => c.method)).toEqual(["evm", "stripe"]);
    expect(challenges[1]).toMatchObject({
      intent: "charge",
      request: {
        amount: "1000",
        currency: "usd",
        methodDetails: { networkId: "profile_test", paymentMethodTypes: ["card"] },
      },
    });
  });

  it("pays a placement once: claimed, then one PaymentIntent keyed by the purchase; 202 with the order and a receipt; the replay charges nothing", async () => {
    const agent = stripeAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay();
    expect(callsOf(agent.spt)).toHaveLength(0); // a credential costs nothing until it is sent

    const paid = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(paid.status, paid.text).toBe(202);
    expect(paid.json).toMatchObject({
      ok: true,
      idempotentReplay: false,
      order: { product: "placement", status: "queued" },
    });
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(purchase).toMatchObject({
      state: "completed",
      protocol: "mpp",
      network: "stripe:profile_test",
      asset: "usd",
    });
    expect(callsOf(agent.spt)).toEqual([
      expect.objectContaining({ idempotencyKey: stripeIdempotencyKey(purchase.id) }),
    ]);
    expect(callsOf(agent.spt)[0]!.params).toMatchObject({
      amount: 1000,
      currency: "usd",
      confirm: true,
      metadata: { purchase_id: purchase.id, product: "placement" },
    });
    const [charge] = chargesOf(agent.spt);
    expect(Receipt.deserialize(paid.headers["payment-receipt"]!)).toMatchObject({
      method: "stripe",
      status: "success",
      reference: charge!.id,
    });
    expect(purchase.transaction).toBe(charge!.id);

    const replay = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(replay.status).toBe(202);
    expect(replay.json.idempotentReplay).toBe(true);
    expect(replay.headers["payment-receipt"]).toBe(paid.headers["payment-receipt"]);
    expect(callsOf(agent.spt)).toHaveLength(1);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);

    // The same token under another key is the same payment: refused, nothing created.
    const again = await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(again.status).toBe(402);
    expect(again.json).toMatchObject({ error: "mpp_credential_used" });
    expect(callsOf(agent.spt)).toHaveLength(1);
  });

  it("the same credential sent 20 times at once: one order, one PaymentIntent, every answer a 202 or a 409 in progress", async () => {
    const agent = stripeAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyQueued(runtime, placementProduct, { body, authorization })),
    );
    for (const a of answers) expect([202, 409], a.text).toContain(a.status);
    expect(answers.filter((a) => a.status === 202 && a.json.idempotentReplay === false)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.error).toBe("purchase_in_progress");
    expect(await ordersOfKey(body.request_id as string)).toBe(1);
    expect(new Set(callsOf(agent.spt).map((c) => c.idempotencyKey)).size).toBe(1);
    expect(chargesOf(agent.spt)).toHaveLength(1);
  });

  it("a declined token: 402 mpp_payment_declined, not charged, no order, fresh challenges; a token needing action likewise", async () => {
    for (const [behaviour, reason] of [
      ["decline", "mpp_payment_declined"],
      ["action", "mpp_payment_action_required"],
    ] as const) {
      const agent = stripeAgent(behaviour);
      const body = queuedBody(placementProduct);
      const refused = await buyQueued(runtime, placementProduct, { body, authorization: await agent.pay() });
      expect(refused.status, refused.text).toBe(402);
      expect(refused.json).toMatchObject({ error: reason });
      expect(refused.json.message).toMatch(/nothing was charged/);
      expect(
        Challenge.fromResponseList(asResponse({ status: 402, headers: refused.headers, body: refused.text })).map(
          (c) => c.method,
        ),
      ).toEqual(["evm", "stripe"]);
      expect(chargesOf(agent.spt)).toHaveLength(0);
      expect(await ordersOfKey(body.request_id as string)).toBe(0);
      expect(
        await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } }),
      ).toMatchObject({ state: "failed", errorCode: reason });
    }
  });

  it("a token that needs action: the PaymentIntent is canceled before the 402; if the payer completed it first, the purchase is paid and delivered", async () => {
    const declined = stripeAgent("action");
    const body = queuedBody(placementProduct);
    const refused = await buyQueued(runtime, placementProduct, { body, authorization: await declined.pay() });
    expect(refused.status, refused.text).toBe(402);
    const [intent] = callsOf(declined.spt);
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(intent!.idempotencyKey).toBe(stripeIdempotencyKey(purchase.id));
    const pi = stripeApi.created.get(declined.spt)!;
    expect(stripeApi.cancels).toContain(pi);
    expect(stripeApi.current.get(pi)!.status).toBe("canceled");
    expect(chargesOf(declined.spt)).toHaveLength(0);

    const completed = stripeAgent("action-then-paid");
    const paidBody = queuedBody(placementProduct);
    const paid = await buyQueued(runtime, placementProduct, { body: paidBody, authorization: await completed.pay() });
    expect(paid.status, paid.text).toBe(202);
    expect(chargesOf(completed.spt)).toHaveLength(1);
    expect(Receipt.deserialize(paid.headers["payment-receipt"]!)).toMatchObject({
      method: "stripe",
      reference: chargesOf(completed.spt)[0]!.id,
    });
    expect(await ordersOfKey(paidBody.request_id as string)).toBe(1);
  });

  it("a PaymentIntent whose answer times out: 503 settlement_unknown; the reconciler asks again with the same key and completes it, one charge", async () => {
    const agent = stripeAgent("timeout-once");
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay();
    const first = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(first.status, first.text).toBe(503);
    expect(first.json).toMatchObject({ error: "settlement_unknown", charged: "unknown" });
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(purchase.state).toBe("settling");
    expect(await ordersOfKey(body.request_id as string)).toBe(0);

    expect(await reconcilePurchase(runtime, purchase.payer, purchase.idempotencyKey)).toBe("completed");
    expect(callsOf(agent.spt).map((c) => c.idempotencyKey)).toEqual([
      stripeIdempotencyKey(purchase.id),
      stripeIdempotencyKey(purchase.id),
    ]);
    expect(chargesOf(agent.spt)).toHaveLength(1);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);

    const retry = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(retry.status, retry.text).toBe(202);
    expect(retry.json.idempotentReplay).toBe(true);
    expect(Receipt.deserialize(retry.headers["payment-receipt"]!)).toMatchObject({
      method: "stripe",
      reference: chargesOf(agent.spt)[0]!.id,
    });
    expect(callsOf(agent.spt)).toHaveLength(2);
  });

  it("an open stripe purchase older than Stripe's idempotency window is left to an operator, never charged again", async () => {
    const agent = stripeAgent("timeout-once");
    const body = queuedBody(placementProduct);
    const first = await buyQueued(runtime, placementProduct, { body, authorization: await agent.pay() });
    expect(first.status, first.text).toBe(503);
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    const payload = purchase.paymentPayload as Record<string, unknown>;
    await db.purchase.update({
      where: { id: purchase.id },
      data: { paymentPayload: { ...payload, claimedAt: Date.now() - 25 * 60 * 60 * 1000 } },
    });

    expect(await reconcilePurchase(runtime, purchase.payer, purchase.idempotencyKey)).toBe("settling");
    expect(await db.purchase.findUniqueOrThrow({ where: { id: purchase.id } })).toMatchObject({
      state: "settling",
      errorCode: "settlement_unresolved",
    });
    expect(callsOf(agent.spt)).toHaveLength(1);
    expect(await ordersOfKey(body.request_id as string)).toBe(0);
  });

  it("one token under 10 keys at once: one purchase is paid, one PaymentIntent, the others refused mpp_credential_used or in progress", async () => {
    const agent = stripeAgent();
    const authorization = await agent.pay();
    const bodies = Array.from({ length: 10 }, () => queuedBody(placementProduct));
    const answers = await Promise.all(
      bodies.map((body) => buyQueued(runtime, placementProduct, { body, authorization })),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 202))
      expect(a.json.error, a.text).toMatch(/^(mpp_credential_used|purchase_in_progress)$/);
    expect(chargesOf(agent.spt)).toHaveLength(1);
    expect(new Set(callsOf(agent.spt).map((c) => c.idempotencyKey)).size).toBe(1);
  });

  it("a credential edited to another price, or with a token that is not one, is refused before anything is claimed", async () => {
    const agent = stripeAgent();
    const authorization = await agent.pay();
    const rowsBefore = await db.purchase.count();
    const decode = (b64: string) => JSON.parse(Buffer.from(b64, "base64url").toString("utf8"));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const wire = decode(authorization.slice("Payment ".length));
    const original = wire.challenge.request;
    wire.challenge.request = encode({ ...decode(original), amount: "1" });
    const edited = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: `Payment ${encode(wire)}`,
    });
    expect(edited.status).toBe(402);
    expect(edited.json.error).toMatch(/^mpp_challenge_(unknown|mismatch)$/);
    wire.challenge.request = original;
    wire.payload.spt = "not a token\u0000";
    const bad = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: `Payment ${encode(wire)}`,
    });
    expect(bad.status).toBe(402);
    expect(bad.json.error).toBe("mpp_credential_malformed");
    expect(await db.purchase.count()).toBe(rowsBefore);
    expect(callsOf(agent.spt)).toHaveLength(0);
  });
});
