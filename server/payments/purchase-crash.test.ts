// Crash safety: the server process is killed (SIGKILL) in the middle of a purchase — after the
// settlement is recorded but before the result is stored, and while the settle is in flight.
// After a restart the same request returns 200 with the result, and the payer is charged once.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { blockTable } from "@/test/block-table";
import { createTestAgent } from "@/test/payments/agent";
import { startInstance, type AppInstance } from "@/test/payments/app-instance";
import { shortlistBody } from "@/test/payments/shop";

const instances: AppInstance[] = [];
afterEach(() => Promise.all(instances.splice(0).map((i) => i.kill())));
const startServer = async (name: string) => {
  const instance = await startInstance(name);
  instances.push(instance);
  return instance;
};

const stateOf = async (key: string) => (await db.purchase.findFirst({ where: { idempotencyKey: key } }))?.state;

async function waitForState(key: string, state: string) {
  const deadline = Date.now() + 20_000;
  while ((await stateOf(key)) !== state) {
    if (Date.now() > deadline) throw new Error(`purchase never reached ${state} (is ${await stateOf(key)})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function crashAt(phase: "settled" | "settling", lockSql: string) {
  const first = await startServer("first");
  const agent = await createTestAgent();
  const body = shortlistBody();
  const key = body.request_id as string;
  const challenge = await fetch(first.url);
  const signature = await agent.sign(challenge.headers.get("payment-required")!);
  const send = (url: string) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "payment-signature": signature },
      body: JSON.stringify(body),
    });

  const release = await blockTable(lockSql);
  const inFlight = send(first.url).catch((err: unknown) => err);
  try {
    await waitForState(key, phase);
    await first.kill();
  } finally {
    await release();
  }
  expect(await inFlight).toBeInstanceOf(Error); // the client saw the connection die
  expect(await stateOf(key)).toBe(phase);

  const second = await startServer("second");
  const retry = await send(second.url);
  expect(retry.status).toBe(200);
  const json = (await retry.json()) as { ok: boolean; requestId: string; shortlist: { matches: unknown[] } };
  expect(json).toMatchObject({ ok: true, requestId: key });
  expect(json.shortlist.matches.length).toBeGreaterThan(0);
  expect(retry.headers.get("payment-response")).toBeTruthy();
  expect(await stateOf(key)).toBe("completed");
  expect(await db.localTransfer.count({ where: { payer: agent.address } })).toBe(1);
  expect(await agent.balance()).toBe(1_000_000n - 1000n);
}

describe("crash safety", () => {
  it("killed between settlement and storing the result: after restart the same request returns 200, charged once", async () => {
    // The shortlist reads services: an exclusive lock stops the purchase right after settling.
    await crashAt("settled", "LOCK TABLE services IN ACCESS EXCLUSIVE MODE");
  }, 90_000);

  it("killed while the settle is in flight: after restart the same request returns 200, charged once", async () => {
    // SHARE mode lets verification read the ledger but blocks the transfer's insert.
    await crashAt("settling", "LOCK TABLE local_transfers IN SHARE MODE");
  }, 90_000);
});
