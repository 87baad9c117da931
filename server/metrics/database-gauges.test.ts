// The gauges read at scrape time: the reconciler's backlog and oldest open purchase, the unclaimed
// batch-settlement vouchers (each from its own statement on this test file's database), the pool's
// connections; and a database that never answers costs a scrape its bound, not a hang.
import net from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { checkoutConnection, db, poolCounts } from "@/server/db";
import { metricValue } from "@/test/metrics/metric-values";
import { databaseGauges } from "./database-gauges";
import { metricsText } from "./metrics";

const purchase = (state: string, createdAt = new Date()) =>
  db.purchase.create({
    data: {
      product: "shortlist",
      idempotencyKey: `gauge-${randomUUID()}`,
      fingerprint: "f",
      state,
      payer: `0x${randomUUID().replace(/-/g, "").padEnd(40, "0")}`,
      amountAtomic: 1000n,
      createdAt,
    },
  });

const channel = (charged: string, claimed: string) =>
  db.batchChannel.create({
    data: {
      channelId: `0x${randomUUID().replace(/-/g, "")}`,
      record: { chargedCumulativeAmount: charged, totalClaimed: claimed, balance: "100000" },
    },
  });

const silent: net.Server[] = [];
const sockets: net.Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(silent.map((s) => new Promise((r) => s.close(r))));
});

describe("database gauges", () => {
  it("count the open purchases and the age of the oldest one, ignoring completed and failed ones", async () => {
    const open = () => metricValue("marketplace_reconciler_open_purchases");
    const base = await db.purchase.count({ where: { state: { in: ["claimed", "settling", "settled"] } } });
    expect(await open()).toBe(base);
    await purchase("completed", new Date(Date.now() - 7200_000));
    await purchase("failed", new Date(Date.now() - 7200_000));
    expect(await open()).toBe(base);
    await purchase("claimed");
    await purchase("settling", new Date(Date.now() - 3600_000));
    await purchase("settled");
    expect(await open()).toBe(base + 3);
    const age = await metricValue("marketplace_reconciler_oldest_open_purchase_age_seconds");
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
  });

  it("count the channels holding a charged voucher not claimed yet; a malformed record is not counted", async () => {
    const vouchers = () => metricValue("marketplace_batch_unclaimed_vouchers");
    const base = await vouchers();
    await channel("3000", "1000");
    await channel("1000", "0");
    await channel("2000", "2000");
    await channel("not a number", "0");
    expect(await vouchers()).toBe(base + 2);
    // The scrape carries the same value.
    expect((await metricsText()).text).toContain(`marketplace_batch_unclaimed_vouchers ${base + 2}\n`);
  });

  it("a database that never answers: NaN within the bound, not a hang", async () => {
    // Accepts connections and never says a word (no PostgreSQL handshake).
    const server = net.createServer((socket) => void sockets.push(socket));
    silent.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as net.AddressInfo;
    const gauges = databaseGauges(`postgresql://u:p@127.0.0.1:${port}/db`, 300);
    const started = Date.now();
    const values = await Promise.all([
      gauges.openPurchases(),
      gauges.oldestOpenPurchaseAge(),
      gauges.unclaimedVouchers(),
    ]);
    expect(values.every((v) => Number.isNaN(v))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("the pool gauges read the pool: a checked-out connection is in use", async () => {
    const inUse = () => metricValue("marketplace_db_pool_connections", { state: "in_use" });
    const client = await checkoutConnection();
    try {
      const { total, idle } = poolCounts();
      expect(await inUse()).toBe(total - idle);
      expect(await inUse()).toBeGreaterThanOrEqual(1);
      expect(await metricValue("marketplace_db_pool_connections", { state: "idle" })).toBe(poolCounts().idle);
      expect(await metricValue("marketplace_db_pool_waiting_requests")).toBe(0);
    } finally {
      client.release();
    }
    expect(await inUse()).toBe(poolCounts().total - poolCounts().idle);
  });
});
