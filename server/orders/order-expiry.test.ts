// Active placements expire by themselves once their window has ended: exactly once, with exactly one
// `expired` event, whoever runs the job and however many instances run it at the same moment.
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createPerson, someService } from "@/server/reviews/test-actors";
import { blockTable } from "@/test/block-table";
import { orderIn } from "@/test/orders/orders";
import { EXPIRY_NOTE, expireDueOrders, startOrderExpiry, stopOrderExpiry } from "./order-expiry";
import { getOrderStatus } from "./order-status";

const operator = await createPerson("operator");
const service = await someService(7);

/** Active placements whose window ended `agoMs` ago (negative: still running). */
async function activePlacements(count: number, agoMs: number) {
  const orders = await Promise.all(
    Array.from({ length: count }, () => orderIn(operator, "placement", "active", service)),
  );
  await db.order.updateMany({
    where: { id: { in: orders.map((o) => o.id) } },
    data: { activeUntil: new Date(Date.now() - agoMs) },
  });
  return orders;
}

const expiredEvents = (ids: string[]) =>
  db.orderEvent.groupBy({
    by: ["orderId"],
    where: { orderId: { in: ids }, status: "expired" },
    _count: { _all: true },
  });

afterAll(() => stopOrderExpiry());

describe("expiry of placements", () => {
  it("expires due placements only, once each, with one event noted as automatic", async () => {
    const due = await activePlacements(3, 1000);
    const running = await activePlacements(1, -3_600_000);
    const queued = await orderIn(operator, "placement", "queued", service);
    const expired = await expireDueOrders();
    for (const o of due) expect(expired).toContain(o.id);
    expect(expired).not.toContain(running[0]!.id);
    expect(expired).not.toContain(queued.id);
    expect(await expireDueOrders()).toEqual([]);

    const polled = await getOrderStatus(due[0]!.id, due[0]!.statusAuthorization);
    expect(polled.status).toBe("expired");
    expect(polled.history.map((e) => e.status)).toEqual(["queued", "in_review", "active", "expired"]);
    expect(polled.history.at(-1)!.note).toBe(EXPIRY_NOTE);
    const event = await db.orderEvent.findFirstOrThrow({ where: { orderId: due[0]!.id, status: "expired" } });
    expect(event.actorId).toBeNull();
    expect((await db.order.findUniqueOrThrow({ where: { id: running[0]!.id } })).status).toBe("active");
  });

  it("two concurrent runs in one process: each placement expires once, with one event", async () => {
    const due = await activePlacements(4, 1000);
    const ids = due.map((o) => o.id);
    const [a, b] = await Promise.all([expireDueOrders(), expireDueOrders()]);
    const mine = [...a, ...b].filter((id) => ids.includes(id));
    expect(mine.sort()).toEqual([...ids].sort());
    expect((await expiredEvents(ids)).map((g) => g._count._all)).toEqual([1, 1, 1, 1]);
  });

  it("two instances at the same moment (both waiting on the rows): each placement expires once, with one event", async () => {
    const due = await activePlacements(3, 1000);
    const ids = due.map((o) => o.id);
    // Hold the rows so both instances' statements are running, and waiting, when they are let go.
    const release = await blockTable(
      `SELECT id FROM orders WHERE id IN (${ids.map((id) => `'${id}'`).join(",")}) FOR UPDATE`,
    );
    const instances = [startInstance(), startInstance()];
    try {
      await Promise.all(instances.map((i) => i.ready));
      for (const i of instances) i.go();
      for (let waiting = 0; waiting < 2;) {
        await new Promise((r) => setTimeout(r, 50));
        const [row] = await db.$queryRaw<
          { n: bigint }[]
        >`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%WITH due AS%'`;
        waiting = Number(row!.n);
      }
    } finally {
      await release();
    }
    const [a, b] = await Promise.all(instances.map((i) => i.result));
    expect([...a!, ...b!].filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect((await expiredEvents(ids)).map((g) => g._count._all)).toEqual([1, 1, 1]);
  }, 120_000);

  it("the job started by instrumentation.ts expires a due placement by itself", async () => {
    const [order] = await activePlacements(1, 1);
    startOrderExpiry(1000);
    for (
      let i = 0;
      i < 100 && (await db.order.findUniqueOrThrow({ where: { id: order!.id } })).status !== "expired";
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    expect((await db.order.findUniqueOrThrow({ where: { id: order!.id } })).status).toBe("expired");
    expect((await expiredEvents([order!.id]))[0]!._count._all).toBe(1);
  });
});

/** test/orders/expire-instance.ts in its own process: ready once connected, runs one pass on go(). */
function startInstance() {
  const child = spawn(process.execPath, ["--import", "tsx", "test/orders/expire-instance.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  const seen = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out);
        if (m) resolve(m);
      };
      child.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        check();
      });
      child.on("exit", (code) => reject(new Error(`expiry instance exited (${code}): ${out}`)));
      check();
    });
  return {
    ready: seen(/^ready$/m),
    go: () => child.stdin!.write("go\n"),
    result: seen(/^expired (.*)$/m).then((m) => JSON.parse(m[1]!) as string[]),
  };
}
