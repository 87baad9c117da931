// Two app instances, one database (issue 9, item 9): what a load balancer in front of several
// processes does to purchases. Each instance is its own process with its own in-memory caches
// (completed purchases, signature verdicts, challenges) and its own reconciler; the database is
// the only thing they share. Payments are real EIP-3009 authorizations signed by the x402 client
// and settled on the local ledger, whose tables say how often anyone was charged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createTestAgent, type TestAgent } from "@/test/payments/agent";
import { shortlistBody } from "@/test/payments/shop";
import { blockTable } from "@/test/block-table";
import { startInstance, type AppInstance } from "@/test/payments/app-instance";

const PRICE = 1000n;
const FUNDS = 1_000_000n;

let a: AppInstance;
let b: AppInstance;
const extra: AppInstance[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([startInstance("A", { reconcile: true }), startInstance("B", { reconcile: true })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a, b, ...extra].filter(Boolean).map((i) => i.kill()));
});

interface Answer {
  instance: string;
  status: number;
  text: string;
  json: Record<string, unknown>;
  paymentResponse: string | null;
}

async function send(instance: AppInstance, body: unknown, signature: string): Promise<Answer> {
  const res = await fetch(instance.url, {
    method: "POST",
    headers: { "content-type": "application/json", "payment-signature": signature },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    instance: instance.name,
    status: res.status,
    text,
    json: JSON.parse(text) as Record<string, unknown>,
    paymentResponse: res.headers.get("payment-response"),
  };
}

async function sign(agent: TestAgent, from: AppInstance = a): Promise<string> {
  return agent.sign((await fetch(from.url)).headers.get("payment-required")!);
}

const transfersOf = (payer: string) => db.localTransfer.count({ where: { payer } });
const purchase = (key: string) => db.purchase.findFirst({ where: { idempotencyKey: key } });
const asFirst = (text: string) => text.replace('"idempotentReplay":true', '"idempotentReplay":false');

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("two instances, one database", () => {
  it("200 concurrent purchases with one authorization split across both: one settlement; every answer the 200 body or 409; interleaved replays answer the stored result", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await sign(agent);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => send(i % 2 ? b : a, body, signature)));

    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(FUNDS - PRICE);
    const ok = answers.filter((x) => x.status === 200);
    const busy = answers.filter((x) => x.status === 409);
    expect(ok.length + busy.length, JSON.stringify(answers.find((x) => x.status !== 200 && x.status !== 409))).toBe(
      200,
    );
    for (const x of busy) expect(x.json.error).toBe("purchase_in_progress");
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.filter((x) => x.json.idempotentReplay === false).length).toBeLessThanOrEqual(1);
    const canonical = asFirst(ok[0]!.text);
    for (const x of ok) expect(asFirst(x.text)).toBe(canonical);

    // Replays, alternating instances, some at once: always the stored result, never a second charge.
    const replays = [];
    for (let round = 0; round < 5; round++)
      replays.push(...(await Promise.all([a, b, b, a].map((i) => send(i, body, signature)))));
    for (const x of replays) {
      expect(x.status).toBe(200);
      expect(x.json.idempotentReplay).toBe(true);
      expect(asFirst(x.text)).toBe(canonical);
      expect(x.paymentResponse).toBe(ok[0]!.paymentResponse);
    }
    expect(await transfersOf(agent.address)).toBe(1);
    expect((await purchase(body.request_id as string))?.state).toBe("completed");
  }, 120_000);

  it("one authorization under 40 keys across both: one 200, the rest 402; once used, neither instance's signature verdicts let it through again", async () => {
    const agent = await createTestAgent();
    const signature = await sign(agent);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(i % 2 ? b : a, shortlistBody(), signature)),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    for (const x of answers.filter((y) => y.status !== 200)) expect(x.status, x.text).toBe(402);
    // Both instances checked this signature (and keep its verdict: valid); the ledger says used.
    const later = await Promise.all([a, b, a, b].map((i) => send(i, shortlistBody(), signature)));
    for (const x of later) expect(x.status, x.text).toBe(402);
    expect(await transfersOf(agent.address)).toBe(1);
    expect(await agent.balance()).toBe(FUNDS - PRICE);
  }, 120_000);

  it("a purchase completed on A is replayed by B from the database; another signature on that key is refused by B", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await sign(agent);
    const first = await send(a, body, signature);
    expect(first.status).toBe(200);
    const replay = await send(b, body, signature);
    expect(replay.status).toBe(200);
    expect(replay.json.idempotentReplay).toBe(true);
    expect(asFirst(replay.text)).toBe(first.text);
    expect(replay.paymentResponse).toBe(first.paymentResponse);
    const other = await send(b, body, await sign(agent, b));
    expect(other.status).toBe(409);
    expect(other.json.error).toBe("idempotency_key_in_use");
    expect(await transfersOf(agent.address)).toBe(1);
  }, 60_000);

  it("B answers what the database says as A moves a purchase on: in progress while A settles, then the stored result", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const key = body.request_id as string;
    const signature = await sign(agent);
    // SHARE mode lets verification read the ledger but holds A's transfer until released.
    const release = await blockTable("LOCK TABLE local_transfers IN SHARE MODE");
    let onA: Promise<Answer>;
    try {
      onA = send(a, body, signature);
      await until(
        "A settling",
        () => purchase(key).then((p) => p?.state),
        (s) => s === "settling",
      );
      const meanwhile = await send(b, body, signature);
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.json.error).toBe("purchase_in_progress");
    } finally {
      await release();
    }
    const done = await onA;
    expect(done.status).toBe(200);
    const after = await send(b, body, signature);
    expect(after.status).toBe(200);
    expect(asFirst(after.text)).toBe(done.text);
    expect(await transfersOf(agent.address)).toBe(1);
  }, 60_000);

  for (const [phase, lockSql] of [
    ["settling", "LOCK TABLE local_transfers IN SHARE MODE"],
    // The shortlist reads services: an exclusive lock stops the purchase right after settling.
    ["settled", "LOCK TABLE services IN ACCESS EXCLUSIVE MODE"],
  ] as const) {
    it(`A killed with a purchase ${phase}: B's reconciler completes it exactly once, with no client retry; both instances then replay it`, async () => {
      const victim = await startInstance("A2", { reconcile: true });
      extra.push(victim);
      const agent = await createTestAgent();
      const body = shortlistBody();
      const key = body.request_id as string;
      const signature = await sign(agent, victim);

      const release = await blockTable(lockSql);
      const inFlight = send(victim, body, signature).catch((err: unknown) => err);
      try {
        await until(
          `purchase ${phase}`,
          () => purchase(key).then((p) => p?.state),
          (s) => s === phase,
        );
        await victim.kill();
      } finally {
        await release();
      }
      expect(await inFlight).toBeInstanceOf(Error); // the client saw the connection die

      // No request for it from here on: only a reconciler (B's or A's, the survivors) can finish it.
      const row = await until(
        "purchase completed by a reconciler",
        () => purchase(key),
        (p) => p?.state === "completed",
        40_000,
      );
      expect(row!.responseBody).toContain(`"requestId":"${key}"`);
      expect(await transfersOf(agent.address)).toBe(1);
      expect(await agent.balance()).toBe(FUNDS - PRICE);

      for (const instance of [b, a]) {
        const replay = await send(instance, body, signature);
        expect(replay.status).toBe(200);
        expect(replay.json).toMatchObject({ ok: true, requestId: key, idempotentReplay: true });
      }
      expect(await transfersOf(agent.address)).toBe(1);
    }, 90_000);
  }
});
