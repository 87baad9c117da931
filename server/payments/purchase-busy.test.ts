// Issue 9 item 8: one connection budget per instance, and honest "busy" answers. The purchase
// locks share the instance's one pool (at most half of it), so an instance never opens more than
// DATABASE_POOL_SIZE connections; a purchase that cannot get a connection in time answers 503
// server_busy with Retry-After and what its state says about `charged`, never "database
// unavailable" while the database is healthy.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "4";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "400";
});

const { db, isDatabaseBusy, sqlQuery } = await import("@/server/db");
const { Prisma } = await import("@/server/generated/prisma/client");
const { createTestAgent } = await import("@/test/payments/agent");
const { buy, signedPurchase } = await import("@/test/payments/shop");
const { paymentRuntime } = await import("@/server/products/shop-runtime");
const { withPurchaseLock } = await import("./purchase-lock");

const runtime = paymentRuntime();
const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
});
afterAll(() => admin.end());

const backends = async () =>
  Number(
    (await admin.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1", [database]))
      .rows[0]!.n,
  );

describe("one pool, honest busy answers", () => {
  it("every connection in use: 503 server_busy with Retry-After within the wait bound, not purchase_interrupted; then 200, charged once", async () => {
    const p = await signedPurchase(runtime);
    // Four statements hold the pool's four connections for 2 s; the database itself is fine.
    const hogs = Promise.all([1, 2, 3, 4].map(() => sqlQuery(Prisma.sql`SELECT pg_sleep(2)`)));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const r = await buy(runtime, { body: p.body, signature: p.signature });
    const waited = Date.now() - started;
    expect(r.status, r.text).toBe(503);
    expect(r.json).toEqual({
      error: "server_busy",
      code: "server_busy",
      message: expect.stringMatching(/busy/),
      charged: "unknown",
    });
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect(waited).toBeLessThan(1500); // the 400 ms bound, with margin for a loaded machine
    await hogs;
    const retry = await buy(runtime, { body: p.body, signature: p.signature });
    expect(retry.status, retry.text).toBe(200);
    expect(await db.localTransfer.count({ where: { payer: p.agent.address } })).toBe(1);
  });

  it("30 purchases at once on a pool of 4: never more than 4 connections, every answer 200 or server_busy, then all complete once", async () => {
    const agents = await Promise.all([1, 2, 3].map(() => createTestAgent()));
    const purchases = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signedPurchase(runtime, agents[i % agents.length])),
    );
    let peak = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        peak = Math.max(peak, await backends());
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const answers = await Promise.all(purchases.map((p) => buy(runtime, { body: p.body, signature: p.signature })));
    polling = false;
    await poller;
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(4);
    for (const a of answers) {
      expect([200, 503], a.text).toContain(a.status);
      if (a.status === 503) expect(a.json.code).toBe("server_busy");
    }
    for (const p of purchases) {
      let a = answers[purchases.indexOf(p)]!;
      for (let i = 0; a.status !== 200 && i < 20; i++) a = await buy(runtime, { body: p.body, signature: p.signature });
      expect(a.status, a.text).toBe(200);
    }
    for (const agent of agents) expect(await agent.balance()).toBe(1_000_000n - 10n * 1000n);
  }, 60_000);
});

describe("the bound applies to every user of the pool", () => {
  it("a Prisma query that cannot get a connection in time fails fast with an error the edges can tell as busy", async () => {
    const hogs = Promise.all([1, 2, 3, 4].map(() => sqlQuery(Prisma.sql`SELECT pg_sleep(1.5)`)));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const err = await db.service.count().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseBusy(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1200);
    await hogs;
    expect(isDatabaseBusy(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe(false);
  });
});

describe("the purchase lock behind a transaction-mode pooler", () => {
  it("is held inside a transaction (a pooler keeps the server connection for it) and leaves nothing behind on the connection", async () => {
    const advisory = () =>
      admin.query<{ state: string; xact: boolean }>(
        `SELECT a.state, a.xact_start IS NOT NULL AS xact FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.granted AND a.datname = $1`,
        [database],
      );
    const during = await withPurchaseLock(`purchase:pooler-test:${Date.now()}`, async () => (await advisory()).rows);
    expect(during).toMatchObject({ locked: true });
    const held = (during as { value: { state: string; xact: boolean }[] }).value;
    expect(held).toHaveLength(1);
    // A session lock would be held by an idle connection outside any transaction: a transaction-mode
    // pooler could then hand the unlock to another server connection and leave this one locked.
    expect(held[0]).toMatchObject({ xact: true, state: "idle in transaction" });
    expect((await advisory()).rows).toHaveLength(0);
  });
});
