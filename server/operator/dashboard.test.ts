// The operators' dashboard on a real PostgreSQL (this file's own seeded copy): its activity tables
// emptied first (zeros, not errors), then purchases of several products and methods across days,
// open and failed ones, orders, observed calls, probes and channels, with a fixed "now": each
// range's counts and sums, the ages, and the worst providers.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { createPerson } from "../reviews/test-actors";
import { methodOf } from "../payments/methods/payment-methods";
import type { PurchaseRow } from "../payments/purchase-ledger";
import { countRateLimitRefusal } from "../metrics/limit-metrics";
import { dashboardPanel } from "./dashboard";
import { PURCHASE_METHOD_SQL } from "./purchase-method-sql";

const NOW = new Date("2026-11-20T15:30:00.000Z");
const at = (iso: string) => new Date(iso);
const HOUR = 3600;

type Method = "x402-exact" | "x402-batch" | "mpp-evm" | "mpp-stripe" | "mpp-tempo";
// The marks each method leaves on its ledger row (server/payments/methods/*: pays()).
const MARKS: Record<Method, { protocol: string; payload: object; requirements: object }> = {
  "x402-exact": { protocol: "x402", payload: { x402Version: 2 }, requirements: { scheme: "exact" } },
  "x402-batch": { protocol: "x402", payload: { x402Version: 2 }, requirements: { scheme: "batch-settlement" } },
  "mpp-evm": { protocol: "mpp", payload: { x402Version: 2 }, requirements: { scheme: "exact" } },
  "mpp-stripe": { protocol: "mpp", payload: { mpp: "stripe", claimedAt: 0 }, requirements: { scheme: "mpp-stripe" } },
  "mpp-tempo": { protocol: "mpp", payload: { mpp: "tempo" }, requirements: { scheme: "mpp-tempo" } },
};

interface Seeded {
  product: string;
  method: Method;
  atomic: number;
  state: "claimed" | "settling" | "settled" | "completed" | "failed";
  createdAt: Date;
  updatedAt?: Date;
  completedAt?: Date;
  errorCode?: string;
  fulfilFailures?: number;
}

async function insertPurchase(p: Seeded): Promise<string> {
  const id = randomUUID();
  const m = MARKS[p.method];
  // A completed purchase's updated_at is its completion (the ledger writes both in one UPDATE).
  const updatedAt = p.updatedAt ?? p.completedAt ?? p.createdAt;
  await sqlQuery(Prisma.sql`
    INSERT INTO purchases (id, product, idempotency_key, fingerprint, state, protocol, payer, amount_atomic,
      payment_payload, payment_requirements, error_code, fulfil_failures, created_at, updated_at, completed_at)
    VALUES (${id}::uuid, ${p.product}, ${randomUUID()}, 'fp', ${p.state}, ${m.protocol}, ${`0x${randomUUID().replace(/-/g, "")}`},
      ${p.atomic}, ${JSON.stringify(m.payload)}::jsonb, ${JSON.stringify(m.requirements)}::jsonb, ${p.errorCode ?? null},
      ${p.fulfilFailures ?? 0}, ${p.createdAt}, ${updatedAt}, ${p.completedAt ?? null})`);
  return id;
}

const completed = (product: string, method: Method, atomic: number, when: string): Seeded => ({
  product,
  method,
  atomic,
  state: "completed",
  createdAt: new Date(at(when).getTime() - 2000),
  completedAt: at(when),
});

async function emptyActivity() {
  for (const table of [
    "orders",
    "purchases",
    "observed_calls",
    "offer_probes",
    "offer_probe_days",
    "batch_channels",
    "batch_settlement_jobs",
  ])
    await sqlQuery(Prisma.sql`DELETE FROM ${Prisma.raw(table)}`);
}

let operator: Awaited<ReturnType<typeof createPerson>>;
const panel = <K extends Parameters<typeof dashboardPanel>[1]>(name: K, range: "today" | "7d" | "30d") =>
  dashboardPanel(operator, name, range, NOW);

beforeAll(async () => {
  operator = await createPerson("operator");
  await emptyActivity();
});

describe("an empty marketplace", () => {
  it("answers zeros and empty lists for every panel and range, not errors", async () => {
    for (const range of ["today", "7d", "30d"] as const) {
      const sales = await panel("sales", range);
      expect(sales.total).toEqual({ purchases: 0, usd: "0.00" });
      expect(sales.byProductAndMethod).toEqual([]);
      expect(sales.series.length).toBe(range === "today" ? 16 : range === "7d" ? 7 : 30);
      expect(sales.series.every((s) => s.purchases === 0 && s.usd === "0.00")).toBe(true);
      const purchases = await panel("purchases", range);
      expect(purchases.open).toEqual({ total: 0, byState: [] });
      expect(purchases.failedInRange).toBe(0);
      expect(purchases.oldest).toEqual([]);
      const actions = await panel("actions", range);
      expect(actions.purchases).toEqual({ count: 0, oldest: [] });
      expect(actions.orders).toEqual({ waiting: 0, overThreshold: 0, byState: [] });
      const traffic = await panel("traffic", range);
      expect(traffic).toMatchObject({ calls: 0, errorRate: null, p50LatencyMs: null, p95LatencyMs: null });
      expect(traffic.worstByErrorRate).toEqual([]);
      expect(traffic.worstByLatency).toEqual([]);
      const probes = await panel("probes", range);
      expect(probes.probes).toBe(0);
      expect(probes.verdicts.every((v) => v.count === 0)).toBe(true);
      const channels = await panel("channels", range);
      expect(channels).toMatchObject({ channels: 0, depositedUsd: "0.00", unclaimedUsd: "0.00", jobs: [] });
      expect(await panel("refusals", range)).toMatchObject({ total: 0, limiters: [] });
    }
  });

  it("refuses members", async () => {
    const member = await createPerson("member");
    await expect(dashboardPanel(member, "sales", "7d", NOW)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("with purchases, orders, calls, probes and channels", () => {
  const ids: Record<string, string> = {};
  let services: { id: string; slug: string; name: string }[];
  let offerId: string;

  beforeAll(async () => {
    await emptyActivity();
    // Completed: two today (10:00 hour), one 2 days ago, one 4 days ago, one 19 days ago, one 41 days
    // ago (outside every range), and one after "now" (not yet, for this now).
    for (const p of [
      completed("shortlist", "x402-exact", 500_000, "2026-11-20T10:15:00Z"),
      completed("shortlist", "x402-exact", 500_000, "2026-11-20T10:45:00Z"),
      completed("shortlist", "x402-batch", 10_000, "2026-11-18T08:00:00Z"),
      completed("evaluation", "mpp-stripe", 5_000_000, "2026-11-16T12:00:00Z"),
      completed("placement", "mpp-tempo", 2_000_000, "2026-11-01T00:00:00Z"),
      completed("shortlist", "mpp-evm", 500_000, "2026-10-10T09:00:00Z"),
      completed("shortlist", "x402-exact", 500_000, "2026-11-20T16:00:00Z"),
    ])
      await insertPurchase(p);
    ids.oldOpen = await insertPurchase({
      product: "shortlist",
      method: "x402-exact",
      atomic: 500_000,
      state: "settling",
      createdAt: at("2026-11-17T15:30:00Z"),
      updatedAt: at("2026-11-20T15:29:00Z"),
      errorCode: "settlement_unknown",
    });
    ids.staleStripe = await insertPurchase({
      product: "evaluation",
      method: "mpp-stripe",
      atomic: 5_000_000,
      state: "settling",
      createdAt: at("2026-11-19T10:00:00Z"),
    });
    ids.unresolved = await insertPurchase({
      product: "shortlist",
      method: "x402-exact",
      atomic: 500_000,
      state: "settling",
      createdAt: at("2026-11-20T12:00:00Z"),
      errorCode: "settlement_unresolved",
    });
    ids.fulfilling = await insertPurchase({
      product: "shortlist",
      method: "x402-batch",
      atomic: 10_000,
      state: "settled",
      createdAt: at("2026-11-20T15:00:00Z"),
      fulfilFailures: 3,
    });
    ids.failed = await insertPurchase({
      product: "shortlist",
      method: "mpp-evm",
      atomic: 500_000,
      state: "failed",
      createdAt: at("2026-11-19T09:00:00Z"),
      updatedAt: at("2026-11-19T09:00:01Z"),
      errorCode: "insufficient_funds",
    });

    // Orders, on purchases completed long before every range (they do not count as sales here).
    for (const [product, status, updatedAt] of [
      ["evaluation", "queued", "2026-11-19T10:00:00Z"],
      ["evaluation", "in_progress", "2026-11-20T14:00:00Z"],
      ["placement", "queued", "2026-11-20T15:00:00Z"],
      ["placement", "active", "2026-11-01T00:00:00Z"],
      ["evaluation", "completed", "2026-11-20T15:00:00Z"],
    ] as const) {
      const purchaseId = await insertPurchase(completed(product, "x402-exact", 1_000_000, "2026-09-01T00:00:00Z"));
      await sqlQuery(Prisma.sql`
        INSERT INTO orders (id, product, status, purchase_id, status_authorization_hash, input, created_at, updated_at)
        VALUES (${randomUUID()}::uuid, ${product}, ${status}, ${purchaseId}::uuid, ${randomUUID()}, '{}'::jsonb,
          ${at("2026-09-01T00:00:00Z")}, ${at(updatedAt)})`);
    }

    services = await db.service.findMany({
      orderBy: { id: "asc" },
      take: 2,
      select: { id: true, slug: true, name: true },
    });
    const offer = await db.offer.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
    offerId = offer.id;
    const call = (
      serviceId: string,
      created: string,
      status: number,
      latencyMs: number,
      outcome = "provider",
      state = "completed",
    ) =>
      sqlQuery(Prisma.sql`
        INSERT INTO observed_calls (id, offer_id, service_id, token_id, idempotency_key, fingerprint, state, method, status, outcome, latency_ms, created_at)
        VALUES (${randomUUID()}::uuid, ${offerId}, ${serviceId}, ${randomUUID()}::uuid, ${randomUUID()}, 'fp', ${state}, 'GET',
          ${status}, ${outcome}, ${latencyMs}, ${at(created)})`);
    const [a, b] = [services[0]!, services[1]!];
    await call(a.id, "2026-11-20T09:00:00Z", 200, 100);
    await call(a.id, "2026-11-20T09:10:00Z", 200, 200);
    await call(a.id, "2026-11-20T11:00:00Z", 402, 300);
    await call(a.id, "2026-11-20T11:10:00Z", 503, 400);
    await call("gone-service", "2026-11-20T12:00:00Z", 504, 5000, "provider_timeout");
    await call(a.id, "2026-11-20T12:30:00Z", 200, 9999, "provider", "in_flight");
    await call(b.id, "2026-11-17T12:00:00Z", 200, 1000);
    await call(b.id, "2026-11-17T13:00:00Z", 200, 1000);

    const probe = (when: string, verdict: string, status: number | null) =>
      sqlQuery(Prisma.sql`
        INSERT INTO offer_probes (offer_id, probed_at, verdict, status, latency_ms)
        VALUES (${offerId}, ${at(when)}, ${verdict}, ${status}, 120)`);
    await probe("2026-11-20T08:00:00Z", "conformant", 402);
    await probe("2026-11-20T09:00:00Z", "conformant", 402);
    await probe("2026-11-20T10:00:00Z", "unreachable", null);
    await probe("2026-11-15T10:00:00Z", "non_conformant", 200);
    await sqlQuery(Prisma.sql`
      INSERT INTO offer_probe_days (offer_id, day, probes, up, conformant) VALUES
        (${offerId}, '2026-11-15', 10, 8, 6), (${offerId}, '2026-10-01', 50, 50, 50)`);

    const channel = (id: string, balance: string, charged: string, claimed: string, pending: boolean) =>
      sqlQuery(Prisma.sql`
        INSERT INTO batch_channels (channel_id, record) VALUES (${id}, ${JSON.stringify({
          channelId: id,
          balance,
          chargedCumulativeAmount: charged,
          totalClaimed: claimed,
          lastRequestTimestamp: 0,
          ...(pending && { pendingRequest: { pendingId: "p", signedMaxClaimable: charged, expiresAt: 0 } }),
        })}::jsonb)`);
    await channel("0xc1", "1000000", "300000", "100000", true);
    await channel("0xc2", "500000", "200000", "200000", false);
    await sqlQuery(Prisma.sql`
      INSERT INTO batch_settlement_jobs (job, next_run_at, last_result)
      VALUES ('claim', ${at("2026-11-20T15:31:00Z")}, '{"claims":1,"vouchers":3}'::jsonb)`);
  });

  it("names every payment method as methodOf does", async () => {
    const rows = await sqlQuery<
      Pick<PurchaseRow, "id" | "protocol" | "paymentPayload" | "paymentRequirements"> & { method: string }
    >(
      Prisma.sql`SELECT id::text AS id, protocol, payment_payload AS "paymentPayload", payment_requirements AS "paymentRequirements",
        ${PURCHASE_METHOD_SQL} AS method FROM purchases`,
    );
    expect(new Set(rows.map((r) => r.method))).toEqual(new Set(Object.keys(MARKS)));
    for (const row of rows) expect(row.method, row.id).toBe(methodOf(row).id);
  });

  it("sales today: the two of the 10:00 hour, per hour since UTC midnight", async () => {
    const sales = await panel("sales", "today");
    expect(sales.window).toEqual({
      range: "today",
      from: "2026-11-20T00:00:00.000Z",
      to: NOW.toISOString(),
      bucket: "hour",
    });
    expect(sales.total).toEqual({ purchases: 2, usd: "1.00" });
    expect(sales.byProductAndMethod).toEqual([
      { product: "shortlist", method: "x402-exact", purchases: 2, usd: "1.00" },
    ]);
    expect(sales.series).toHaveLength(16);
    expect(sales.series.filter((s) => s.purchases > 0)).toEqual([
      { at: "2026-11-20T10:00:00.000Z", purchases: 2, usd: "1.00" },
    ]);
  });

  it("sales over 7 and 30 days: per product and method, largest revenue first, per UTC day", async () => {
    const week = await panel("sales", "7d");
    expect(week.window.from).toBe("2026-11-14T00:00:00.000Z");
    expect(week.total).toEqual({ purchases: 4, usd: "6.01" });
    expect(week.byProductAndMethod).toEqual([
      { product: "evaluation", method: "mpp-stripe", purchases: 1, usd: "5.00" },
      { product: "shortlist", method: "x402-exact", purchases: 2, usd: "1.00" },
      { product: "shortlist", method: "x402-batch", purchases: 1, usd: "0.01" },
    ]);
    expect(week.series.map((s) => [s.at.slice(0, 10), s.purchases])).toEqual([
      ["2026-11-14", 0],
      ["2026-11-15", 0],
      ["2026-11-16", 1],
      ["2026-11-17", 0],
      ["2026-11-18", 1],
      ["2026-11-19", 0],
      ["2026-11-20", 2],
    ]);
    const month = await panel("sales", "30d");
    expect(month.total).toEqual({ purchases: 5, usd: "8.01" });
    expect(month.byProductAndMethod.map((g) => g.method)).toContain("mpp-tempo");
    expect(month.byProductAndMethod.map((g) => g.method)).not.toContain("mpp-evm");
    expect(month.series).toHaveLength(30);
    expect(month.series.reduce((n, s) => n + s.purchases, 0)).toBe(5);
  });

  it("open purchases with their age and what the reconciler left; failed ones of the range", async () => {
    const week = await panel("purchases", "7d");
    expect(week.open.total).toBe(4);
    expect(week.open.byState).toEqual([
      { state: "settling", count: 3, oldestAgeSeconds: 3 * 24 * HOUR },
      { state: "settled", count: 1, oldestAgeSeconds: 1800 },
    ]);
    expect(week.failedInRange).toBe(1);
    expect(week.oldest.map((r) => r.id)).toEqual([
      ids.oldOpen,
      ids.staleStripe,
      ids.unresolved,
      ids.fulfilling,
      ids.failed,
    ]);
    expect(week.oldest[0]).toMatchObject({
      state: "settling",
      method: "x402-exact",
      usd: "0.50",
      ageSeconds: 3 * 24 * HOUR,
      errorCode: "settlement_unknown",
      lastTouchedAt: "2026-11-20T15:29:00.000Z",
      waitsForOperator: false,
    });
    expect(week.oldest[2]).toMatchObject({ waitsForOperator: true });
    expect(week.oldest[3]).toMatchObject({ state: "settled", fulfilFailures: 3, ageSeconds: 1800 });
    const today = await panel("purchases", "today");
    expect(today.open.total).toBe(4);
    expect(today.failedInRange).toBe(0);
    expect(today.oldest.map((r) => r.state)).not.toContain("failed");
  });

  it("needs an operator: the unresolved settlement, the stripe purchase open over 23 h, the orders waiting for a move", async () => {
    const actions = await panel("actions", "7d");
    expect(actions.thresholdHours).toBe(23);
    expect(actions.purchases.count).toBe(2);
    expect(actions.purchases.oldest.map((r) => r.id)).toEqual([ids.staleStripe, ids.unresolved]);
    expect(actions.purchases.oldest[0]).toMatchObject({ method: "mpp-stripe", ageSeconds: 29.5 * HOUR });
    expect(actions.orders).toEqual({
      waiting: 3,
      overThreshold: 1,
      byState: [
        { product: "evaluation", status: "queued", count: 1, overThreshold: 1, oldestAgeSeconds: 29.5 * HOUR },
        { product: "evaluation", status: "in_progress", count: 1, overThreshold: 0, oldestAgeSeconds: 1.5 * HOUR },
        { product: "placement", status: "queued", count: 1, overThreshold: 0, oldestAgeSeconds: 0.5 * HOUR },
      ],
    });
  });

  it("observer traffic: answered calls only, error rate, percentiles, and the worst providers", async () => {
    const [a, b] = [services[0]!, services[1]!];
    const today = await panel("traffic", "today");
    expect(today).toMatchObject({ calls: 5, errorRate: 0.4, p50LatencyMs: 300, p95LatencyMs: 4080 });
    expect(today.series.filter((s) => s.calls > 0)).toEqual([
      { at: "2026-11-20T09:00:00.000Z", calls: 2, errors: 0 },
      { at: "2026-11-20T11:00:00.000Z", calls: 2, errors: 1 },
      { at: "2026-11-20T12:00:00.000Z", calls: 1, errors: 1 },
    ]);
    expect(today.worstByErrorRate).toEqual([
      {
        serviceId: "gone-service",
        slug: null,
        name: null,
        calls: 1,
        errorRate: 1,
        p50LatencyMs: 5000,
        p95LatencyMs: 5000,
      },
      { serviceId: a.id, slug: a.slug, name: a.name, calls: 4, errorRate: 0.25, p50LatencyMs: 250, p95LatencyMs: 385 },
    ]);
    expect(today.worstByLatency.map((p) => p.serviceId)).toEqual(["gone-service", a.id]);
    const week = await panel("traffic", "7d");
    expect(week.calls).toBe(7);
    expect(week.errorRate).toBe(0.2857);
    // b has no errors: on the latency list only.
    expect(week.worstByErrorRate.map((p) => p.serviceId)).not.toContain(b.id);
    expect(week.worstByLatency.map((p) => p.serviceId)).toEqual(["gone-service", b.id, a.id]);
  });

  it("probe verdicts: kept probes plus the roll-ups of the range's days", async () => {
    const today = await panel("probes", "today");
    expect(today.verdicts).toEqual([
      { verdict: "conformant", count: 2 },
      { verdict: "non_conformant", count: 0 },
      { verdict: "unreachable", count: 1 },
    ]);
    const week = await panel("probes", "7d");
    expect(week.probes).toBe(14);
    expect(week.verdicts).toEqual([
      { verdict: "conformant", count: 8 },
      { verdict: "non_conformant", count: 3 },
      { verdict: "unreachable", count: 3 },
    ]);
    expect((await panel("probes", "30d")).probes).toBe(14);
    expect(week.healthNow.reduce((n, h) => n + h.offers, 0)).toBe(await db.offer.count());
  });

  it("channels: held, charged, claimed and unclaimed amounts, and the jobs' next run", async () => {
    expect(await panel("channels", "7d")).toEqual({
      channels: 2,
      depositedUsd: "1.50",
      chargedUsd: "0.50",
      claimedUsd: "0.30",
      unclaimedUsd: "0.20",
      channelsWithUnclaimed: 1,
      pendingVouchers: 1,
      jobs: [
        {
          job: "claim",
          nextRunAt: "2026-11-20T15:31:00.000Z",
          leasedBy: null,
          leasedUntil: null,
          lastResult: '{"claims": 1, "vouchers": 3}',
        },
      ],
    });
  });
});

describe("rate-limit refusals", () => {
  it("are this instance's counters by limiter, most first, since the process started", async () => {
    const operator = await createPerson("operator");
    countRateLimitRefusal("search");
    countRateLimitRefusal("writes");
    countRateLimitRefusal("search");
    const now = new Date();
    const refusals = await dashboardPanel(operator, "refusals", "today", now);
    expect(refusals.total).toBe(3);
    expect(refusals.limiters).toEqual([
      { limiter: "search", refusals: 2 },
      { limiter: "writes", refusals: 1 },
    ]);
    const since = Date.parse(refusals.since);
    expect(since).toBeLessThanOrEqual(now.getTime() - process.uptime() * 1000 + 1000);
    expect(since).toBeGreaterThan(now.getTime() - process.uptime() * 1000 - 1000);
  });
});
