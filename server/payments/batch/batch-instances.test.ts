// batch-settlement across app instances (each its own process and memory, one database): many
// vouchers paid on both instances with concurrent duplicates and replays give exactly one purchase
// per voucher and one claim of each; an instance killed after a voucher was accepted leaves a purchase
// the reconciler completes once; a purchase whose charge was recorded but not its settlement is
// completed without charging again.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { LOCAL_PAY_TO } from "@/server/payments/payment-config";
import { clearCompletedPurchases } from "@/server/payments/completed-purchases";
import { reconcileOpenPurchases } from "@/server/payments/reconciler";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { blockTable } from "@/test/block-table";
import { startInstance, type AppInstance } from "@/test/payments/app-instance";
import { createBatchAgent, type BatchAgent } from "@/test/payments/batch-agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { batchSettlementPass } from "../batch-jobs/run-batch-settlement";

const runtime = paymentRuntime();
const PRICE = 1000n;
const settings = { claimIntervalMs: 60_000, refundIntervalMs: 60_000, refundIdleSeconds: 3600, leaseMs: 60_000 };

const instances: AppInstance[] = [];
afterEach(() => Promise.all(instances.splice(0).map((i) => i.kill())));
async function start(name: string, options: { reconcile?: boolean } = {}) {
  const instance = await startInstance(name, options);
  instances.push(instance);
  return instance;
}

const decode = (signature: string) => JSON.parse(Buffer.from(signature, "base64").toString("utf8"));
const post = (url: string, body: unknown, signature: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "payment-signature": signature },
    body: JSON.stringify(body),
  });
const stateOf = async (key: string) => (await db.purchase.findFirst({ where: { idempotencyKey: key } }))?.state;

// AGENTS channels × VOUCHERS each, the agents in parallel (a channel's vouchers are sequential by
// the scheme: each is the charged total plus the price).
const AGENTS = 8;
const VOUCHERS = 125;

async function payAcross(agent: BatchAgent, a: AppInstance, b: AppInstance, header: string) {
  const statuses: Record<string, number> = {};
  const count = (s: number) => (statuses[s] = (statuses[s] ?? 0) + 1);
  for (let i = 0; i < VOUCHERS; i++) {
    const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
    const body = shortlistBody();
    const signature = await agent.sign(header);
    // The same request on both instances at once: one pays, the other replays or is told to wait.
    const answers = await Promise.all([post(first.url, body, signature), post(second.url, body, signature)]);
    answers.forEach((r) => count(r.status));
    // An answer that is neither is kept with its body, for the failure message.
    for (const r of answers)
      if (r.status !== 200 && r.status !== 409) statuses[`${r.status} ${(await r.clone().text()).slice(0, 300)}`] = 1;
    let paid = answers.find((r) => r.status === 200);
    while (!paid) {
      const again = await post(first.url, body, signature);
      count(again.status);
      if (again.status === 200) paid = again;
      else await new Promise((r) => setTimeout(r, 50));
    }
    const response = paid.headers.get("payment-response")!;
    await agent.paid(response, signature);
    // A replay on the other instance: the stored answer.
    const replay = await post(second.url, body, signature);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { idempotentReplay: boolean }).idempotentReplay).toBe(true);
    expect(replay.headers.get("payment-response")).toBe(response);
    await Promise.all(answers.map((r) => r.body?.cancel()));
  }
  return statuses;
}

describe("two instances", () => {
  it(`${AGENTS} channels × ${VOUCHERS} vouchers with concurrent duplicates and replays: one purchase and one claim per voucher`, async () => {
    const [a, b] = await Promise.all([start("a"), start("b")]);
    const header = (await fetch(a.url)).headers.get("payment-required")!;
    const agents = await Promise.all(Array.from({ length: AGENTS }, () => createBatchAgent(1, 130n * PRICE)));
    const payToBefore = await localBalance(LOCAL_PAY_TO);
    const statuses = await Promise.all(agents.map((agent) => payAcross(agent, a, b, header)));
    // Every duplicate was a replay or a 409 in progress, never a second charge or a refusal.
    for (const s of statuses) expect(Object.keys(s).filter((k) => k !== "200" && k !== "409")).toEqual([]);

    const payers = agents.map((x) => x.address);
    expect(await db.purchase.count({ where: { payer: { in: payers }, state: "completed" } })).toBe(AGENTS * VOUCHERS);
    expect(await db.purchase.count({ where: { payer: { in: payers }, state: { not: "completed" } } })).toBe(0);
    const channels = await Promise.all(
      agents.map(async (x) => {
        const first = await db.purchase.findFirst({ where: { payer: x.address }, orderBy: { createdAt: "asc" } });
        return (first!.paymentPayload as { payload: { voucher: { channelId: string } } }).payload.voucher.channelId;
      }),
    );
    for (const id of channels)
      expect((await runtime.batch!.getStorage().get(id))?.chargedCumulativeAmount).toBe(
        String(BigInt(VOUCHERS) * PRICE),
      );

    // The claim job (on either instance; here the test's own process) claims each voucher once.
    await db.batchSettlementJob.updateMany({ data: { nextRunAt: new Date(0) } });
    const ran = await batchSettlementPass(runtime, "test", settings);
    expect(ran.claim).toMatchObject({ claims: 1 });
    for (const id of channels) {
      const escrow = await db.localEscrowChannel.findUnique({ where: { channelId: id.toLowerCase() } });
      expect(escrow?.totalClaimedAtomic).toBe(BigInt(VOUCHERS) * PRICE);
    }
    expect((await localBalance(LOCAL_PAY_TO)) - payToBefore).toBe(BigInt(AGENTS * VOUCHERS) * PRICE);
    // A reused voucher for another request, on either instance: refused.
    const last = await db.purchase.findFirst({ where: { payer: agents[0]!.address }, orderBy: { createdAt: "desc" } });
    const reused = await post(
      b.url,
      shortlistBody(),
      Buffer.from(JSON.stringify(last!.paymentPayload)).toString("base64"),
    );
    expect(reused.status).toBe(402);
  }, 240_000);

  it("killed after the voucher was accepted, before the result was stored: the reconciler completes it once", async () => {
    const first = await start("first");
    const header = (await fetch(first.url)).headers.get("payment-required")!;
    const agent = await createBatchAgent();
    // A first purchase opens the channel.
    const opening = { body: shortlistBody(), signature: await agent.sign(header) };
    const opened = await post(first.url, opening.body, opening.signature);
    expect(opened.status).toBe(200);
    await agent.paid(opened.headers.get("payment-response")!, opening.signature);

    const body = shortlistBody();
    const key = body.request_id as string;
    const signature = await agent.sign(header);
    const channelId = decode(signature).payload.voucher.channelId as string;
    // The shortlist reads services: an exclusive lock stops the purchase once the voucher is charged.
    const release = await blockTable("LOCK TABLE services IN ACCESS EXCLUSIVE MODE");
    const inFlight = post(first.url, body, signature).catch((err: unknown) => err);
    try {
      const deadline = Date.now() + 20_000;
      while ((await stateOf(key)) !== "settled") {
        if (Date.now() > deadline) throw new Error(`never settled (is ${await stateOf(key)})`);
        await new Promise((r) => setTimeout(r, 25));
      }
      await first.kill();
    } finally {
      await release();
    }
    expect(await inFlight).toBeInstanceOf(Error);
    expect((await runtime.batch!.getStorage().get(channelId))?.chargedCumulativeAmount).toBe("2000");

    // Another instance's reconciler finishes it without the client.
    await start("second", { reconcile: true });
    const deadline = Date.now() + 30_000;
    while ((await stateOf(key)) !== "completed") {
      if (Date.now() > deadline) throw new Error(`never completed (is ${await stateOf(key)})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await runtime.batch!.getStorage().get(channelId))?.chargedCumulativeAmount).toBe("2000");
    const retry = await post(instances[1]!.url, body, signature);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { idempotentReplay: boolean }).idempotentReplay).toBe(true);
  }, 90_000);
});

describe("a charge recorded on the channel, its settlement not in the ledger", () => {
  it("is completed by the reconciler without charging the voucher again", async () => {
    const agent = await createBatchAgent();
    const header = (await describe402(runtime)).headers["payment-required"]!;
    for (let i = 0; i < 2; i++) {
      const signature = await agent.sign(header);
      const r = await buy(runtime, { body: shortlistBody(), signature });
      expect(r.status).toBe(200);
      await agent.paid(r.headers["payment-response"]!, signature);
    }
    const body = shortlistBody();
    const signature = await agent.sign(header);
    const done = await buy(runtime, { body, signature });
    expect(done.status).toBe(200);
    const channelId = decode(signature).payload.voucher.channelId as string;
    expect((await runtime.batch!.getStorage().get(channelId))?.chargedCumulativeAmount).toBe("3000");
    // As a process that died right after the channel recorded the charge leaves it.
    await db.purchase.updateMany({
      where: { idempotencyKey: body.request_id as string },
      data: { state: "settling", transaction: null, paymentResponse: null, responseBody: null, updatedAt: new Date(0) },
    });
    clearCompletedPurchases();
    await reconcileOpenPurchases(runtime, 0);
    expect(await stateOf(body.request_id as string)).toBe("completed");
    expect((await runtime.batch!.getStorage().get(channelId))?.chargedCumulativeAmount).toBe("3000");
    const retry = await buy(runtime, { body, signature });
    expect(retry.status).toBe(200);
  });
});
