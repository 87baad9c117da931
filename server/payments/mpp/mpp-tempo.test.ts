// MPP `tempo` (pull form) on the queued products, end to end against the real ledger: the official
// mppx tempo client signs a real Tempo transaction with a viem account, mppx admits it (challenge,
// price, transfer, simulation) without broadcasting, the purchase is claimed, and only then the
// transaction is broadcast, to an in-process Tempo node that records every broadcast and executes a
// transaction at most once (test/payments/fake-tempo-rpc.ts).
import { Challenge, Credential, Receipt } from "mppx";
import { Mppx, tempo } from "mppx/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { fakeTempoNode, type TempoBehaviour } from "@/test/payments/fake-tempo-rpc";
import { asResponse } from "@/test/payments/mpp-agent";
import { buyQueued, ordersOfKey, queuedBody } from "@/test/payments/queued-shop";
import { paymentConfigFromEnv } from "../payment-config";
import { createPaymentRuntime } from "../payment-runtime";
import { PRODUCT_LIST } from "@/server/products/products";
import { describeProduct, reconcilePurchase } from "../purchase-flow";
import { mppConfigFromEnv } from "./mpp-config";

const CHAIN_ID = 42431;
const TOKEN = "0x20c0000000000000000000000000000000000001";
const RECIPIENT = "0x00000000000000000000000000000000000a11ce";
const node = fakeTempoNode(CHAIN_ID);
const tempoSettings = {
  chainId: CHAIN_ID,
  token: TOKEN,
  decimals: 6,
  recipient: RECIPIENT,
  client: () => node.client,
} as const;
const runtime = createPaymentRuntime(
  { ...paymentConfigFromEnv(), mpp: { ...mppConfigFromEnv(), methods: ["evm", "tempo"], tempo: tempoSettings } },
  PRODUCT_LIST,
);

/** An agent paying with a fresh key: the mppx tempo client signing the transaction (pull form). */
function tempoAgent(behaviour: TempoBehaviour = "ok") {
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  node.behaviour.set(address, behaviour);
  const client = Mppx.create({
    methods: [tempo.charge({ account, getClient: () => node.client as never, mode: "pull" })],
    polyfill: false,
  });
  return {
    address,
    pay: async () => client.createCredential(asResponse(await describeProduct(runtime, placementProduct))),
  };
}

const broadcastsBy = (address: string) => node.broadcasts.filter((b) => b.from === address);
const decode = (b64: string) => JSON.parse(Buffer.from(b64, "base64url").toString("utf8"));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("MPP tempo", () => {
  it("the 402 carries a tempo challenge: pull only, the token's atomic amount to our recipient on the configured chain", async () => {
    const r = await describeProduct(runtime, placementProduct);
    expect(r.status).toBe(402);
    const challenges = Challenge.fromResponseList(asResponse(r));
    expect(challenges.map((c) => c.method)).toEqual(["evm", "tempo"]);
    expect(challenges[1]).toMatchObject({
      intent: "charge",
      request: {
        amount: "10000000",
        currency: TOKEN,
        recipient: RECIPIENT,
        methodDetails: { chainId: CHAIN_ID, supportedModes: ["pull"] },
      },
    });
  });

  it("pays a placement once: claimed, then one broadcast; 202 with the order and a receipt carrying the tx hash; the replay broadcasts nothing", async () => {
    const agent = tempoAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay();
    expect(broadcastsBy(agent.address)).toHaveLength(0); // signing costs nothing until we broadcast

    const paid = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(paid.status, paid.text).toBe(202);
    expect(paid.json).toMatchObject({
      ok: true,
      idempotentReplay: false,
      order: { product: "placement", status: "queued" },
    });
    const [sent] = broadcastsBy(agent.address);
    expect(broadcastsBy(agent.address)).toHaveLength(1);
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(purchase).toMatchObject({
      state: "completed",
      protocol: "mpp",
      payer: agent.address,
      nonce: sent!.hash,
      transaction: sent!.hash,
      network: `tempo:${CHAIN_ID}`,
      asset: TOKEN,
    });
    expect(purchase.amountAtomic.toString()).toBe("10000000");
    expect(Receipt.deserialize(paid.headers["payment-receipt"]!)).toMatchObject({
      method: "tempo",
      status: "success",
      reference: sent!.hash,
    });

    const replay = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(replay.status).toBe(202);
    expect(replay.json.idempotentReplay).toBe(true);
    expect(replay.headers["payment-receipt"]).toBe(paid.headers["payment-receipt"]);
    // The same transaction under another key is the same payment: refused, nothing broadcast.
    const again = await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(again.status).toBe(402);
    expect(again.json).toMatchObject({ error: "mpp_credential_used" });
    expect(broadcastsBy(agent.address)).toHaveLength(1);
    expect(node.paidBy(agent.address)).toBe(1);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);
  });

  it("the same credential sent 20 times at once: one order, one broadcast, every answer a 202 or a 409 in progress", async () => {
    const agent = tempoAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyQueued(runtime, placementProduct, { body, authorization })),
    );
    for (const a of answers) expect([202, 409], a.text).toContain(a.status);
    expect(answers.filter((a) => a.status === 202 && a.json.idempotentReplay === false)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.error).toBe("purchase_in_progress");
    expect(await ordersOfKey(body.request_id as string)).toBe(1);
    expect(broadcastsBy(agent.address)).toHaveLength(1);
  });

  it("a transaction for another amount or recipient, or a simulation that reverts: 402 before any claim, nothing broadcast", async () => {
    const rowsBefore = await db.purchase.count();
    for (const [field, value] of [
      ["amount", "1"],
      ["recipient", "0x000000000000000000000000000000000000beef"],
    ] as const) {
      // An agent whose 402 was edited signs a transaction paying less, or someone else; the
      // credential names the marketplace's real challenge (HMAC intact), not the edited one.
      const account = privateKeyToAccount(generatePrivateKey());
      node.behaviour.set(account.address.toLowerCase(), "ok");
      const r = await describeProduct(runtime, placementProduct);
      const real = Challenge.fromResponseList(asResponse(r)).find((c) => c.method === "tempo")!;
      const edited = { ...real, request: { ...real.request, [field]: value } };
      const client = Mppx.create({
        methods: [tempo.charge({ account, getClient: () => node.client as never, mode: "pull" })],
        polyfill: false,
      });
      const signed = await client.createCredential(
        new Response("{}", {
          status: 402,
          headers: { "www-authenticate": Challenge.serialize(edited as Challenge.Challenge) },
        }),
      );
      const wire = decode(signed.slice("Payment ".length));
      const forged = `Payment ${encode({ ...wire, challenge: { ...wire.challenge, request: encode(real.request) } })}`;
      const refused = await buyQueued(runtime, placementProduct, {
        body: queuedBody(placementProduct),
        authorization: forged,
      });
      expect(refused.status, refused.text).toBe(402);
      expect(refused.json).toMatchObject({ error: "mpp_authorization_mismatch" });
      expect(broadcastsBy(account.address.toLowerCase())).toHaveLength(0);
    }
    // The node's simulation of the transaction reverts (the payer cannot cover it).
    const broke = tempoAgent("broke");
    const refused = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: await broke.pay(),
    });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.json).toMatchObject({ error: "mpp_transaction_rejected" });
    expect(broadcastsBy(broke.address)).toHaveLength(0);
    expect(await db.purchase.count()).toBe(rowsBefore);
  });

  it("a broadcast whose answer is lost: 503 settlement_unknown; the reconciler finds the receipt and completes it, no second broadcast effect", async () => {
    const agent = tempoAgent("lost-answer-once");
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay();
    const first = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(first.status, first.text).toBe(503);
    expect(first.json).toMatchObject({ error: "settlement_unknown", charged: "unknown" });
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(purchase.state).toBe("settling");
    expect(await ordersOfKey(body.request_id as string)).toBe(0);

    expect(await reconcilePurchase(runtime, purchase.payer, purchase.idempotencyKey)).toBe("completed");
    expect(broadcastsBy(agent.address)).toHaveLength(1);
    expect(node.paidBy(agent.address)).toBe(1);
    expect(await ordersOfKey(body.request_id as string)).toBe(1);

    const retry = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(retry.status, retry.text).toBe(202);
    expect(retry.json.idempotentReplay).toBe(true);
    expect(Receipt.deserialize(retry.headers["payment-receipt"]!)).toMatchObject({
      method: "tempo",
      reference: purchase.nonce,
    });
    expect(broadcastsBy(agent.address)).toHaveLength(1);
  });

  it("a transaction that reverts on chain: 402 mpp_transaction_rejected, failed, no order", async () => {
    const agent = tempoAgent("revert-on-chain");
    const body = queuedBody(placementProduct);
    const refused = await buyQueued(runtime, placementProduct, { body, authorization: await agent.pay() });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.json).toMatchObject({ error: "mpp_transaction_rejected" });
    expect(await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } })).toMatchObject({
      state: "failed",
      errorCode: "mpp_transaction_rejected",
    });
    expect(await ordersOfKey(body.request_id as string)).toBe(0);
  });

  it("a transaction the node refuses at broadcast: 402 mpp_transaction_rejected, failed, not charged", async () => {
    const agent = tempoAgent("refused-at-broadcast");
    const body = queuedBody(placementProduct);
    const refused = await buyQueued(runtime, placementProduct, { body, authorization: await agent.pay() });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.json).toMatchObject({ error: "mpp_transaction_rejected" });
    expect(broadcastsBy(agent.address)).toHaveLength(1);
    expect(node.paidBy(agent.address)).toBe(0);
    expect(await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } })).toMatchObject({
      state: "failed",
      errorCode: "mpp_transaction_rejected",
    });
  });

  it("a broadcast never answered and never executed: 503, then the reconciler sends the same bytes again while valid, and calls it failed once expired", async () => {
    const agent = tempoAgent("never-mined");
    const body = queuedBody(placementProduct);
    const first = await buyQueued(runtime, placementProduct, { body, authorization: await agent.pay() });
    expect(first.status, first.text).toBe(503);
    const purchase = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(await reconcilePurchase(runtime, purchase.payer, purchase.idempotencyKey)).toBe("settling");
    expect(new Set(broadcastsBy(agent.address).map((b) => b.hash))).toEqual(new Set([purchase.nonce]));
    expect(broadcastsBy(agent.address)).toHaveLength(2);
    // Past validBefore (and the clock margin) it can never execute: failed, not charged.
    const payload = purchase.paymentPayload as Record<string, unknown>;
    await db.purchase.update({
      where: { id: purchase.id },
      data: { paymentPayload: { ...payload, validBefore: Math.floor(Date.now() / 1000) - 120 } },
    });
    expect(await reconcilePurchase(runtime, purchase.payer, purchase.idempotencyKey)).toBe("failed");
    expect(await db.purchase.findUniqueOrThrow({ where: { id: purchase.id } })).toMatchObject({
      state: "failed",
      errorCode: "mpp_transaction_expired",
    });
    expect(broadcastsBy(agent.address)).toHaveLength(2);
    expect(await ordersOfKey(body.request_id as string)).toBe(0);
  });

  it("a transaction that is not one, or a credential of another shape: mpp_credential_malformed, nothing claimed", async () => {
    const agent = tempoAgent();
    const wire = Credential.deserialize(await agent.pay());
    const rowsBefore = await db.purchase.count();
    for (const payload of [
      { type: "transaction", signature: `0x76${"00".repeat(40)}` },
      { type: "transaction", signature: "0x02abcd" },
      { type: "transaction" },
      { type: "proof", signature: "0x00" },
    ]) {
      const refused = await buyQueued(runtime, placementProduct, {
        body: queuedBody(placementProduct),
        authorization: Credential.serialize({ ...wire, payload } as never),
      });
      expect(refused.status, refused.text).toBe(402);
      expect(refused.json).toMatchObject({ error: "mpp_credential_malformed" });
    }
    expect(await db.purchase.count()).toBe(rowsBefore);
    expect(broadcastsBy(agent.address)).toHaveLength(0);
  });

  it("a push credential (the hash of a transaction already broadcast) is refused with its own reason, nothing claimed or looked up", async () => {
    const agent = tempoAgent();
    const wire = Credential.deserialize(await agent.pay());
    const push = Credential.serialize({ ...wire, payload: { type: "hash", hash: `0x${"ab".repeat(32)}` } } as never);
    const rowsBefore = await db.purchase.count();
    const refused = await buyQueued(runtime, placementProduct, {
      body: queuedBody(placementProduct),
      authorization: push,
    });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.json).toMatchObject({ error: "mpp_push_payment_refused" });
    expect(refused.json.message).toMatch(/pull form/);
    expect(
      Challenge.fromResponseList(asResponse({ status: 402, headers: refused.headers, body: refused.text })).map(
        (c) => c.method,
      ),
    ).toEqual(["evm", "tempo"]);
    expect(await db.purchase.count()).toBe(rowsBefore);
  });
});
