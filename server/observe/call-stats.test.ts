// The 30-day figures from observed_calls (rows inserted directly, as the observer records them):
// the record's calls30d and uniquePayers30d (source + observed), the additive `observed` objects of
// the service and its offers, the list summaries, and the service page's series (tRPC).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getServiceRecord } from "@/server/catalog/get-service";
import { listServices } from "@/server/catalog/list-services";
import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { signedOutCaller } from "@/server/trpc/test-callers";
import { serviceCallCounts, serviceCallSeries } from "./call-stats";

const DAY = 86_400_000;

interface Call {
  offerId: string;
  serviceId: string;
  tokenId?: string;
  state?: "in_flight" | "completed" | "retryable";
  status?: number | null;
  outcome?: string | null;
  latencyMs?: number | null;
  paid?: boolean;
  payer?: string | null;
  ageMs?: number;
}

async function insertCall(c: Call): Promise<void> {
  const createdAt = new Date(Date.now() - (c.ageMs ?? 60_000));
  const state = c.state ?? "completed";
  await db.$executeRaw(Prisma.sql`
    INSERT INTO observed_calls (offer_id, service_id, token_id, idempotency_key, fingerprint, state, claimed_at, method, status, outcome,
                                latency_ms, paid, payer, created_at, completed_at)
    VALUES (${c.offerId}, ${c.serviceId}, ${c.tokenId ?? randomUUID()}::uuid, ${`key-${randomUUID()}`}, 'fp', ${state}, ${createdAt}, 'GET',
            ${state === "in_flight" ? null : (c.status ?? 200)}, ${state === "in_flight" ? null : (c.outcome ?? "provider")},
            ${state === "in_flight" ? null : (c.latencyMs ?? 100)}, ${c.paid ?? false}, ${c.payer ?? null}, ${createdAt},
            ${state === "in_flight" ? null : createdAt})`);
}

async function serviceWithTwoOffers(skip: number) {
  return db.service.findFirstOrThrow({
    // Untested: the seed's marketplace tests made observed calls to the tested services.
    where: { offers: { some: { protocol: "mpp" } }, tests: { none: {} } },
    orderBy: { id: "asc" },
    skip,
    select: {
      id: true,
      slug: true,
      calls30d: true,
      uniquePayers30d: true,
      offers: { select: { id: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
}

describe("observed call figures", () => {
  it("a service without observed calls: the source's figures, zero observed, null rate and latency", async () => {
    const svc = await serviceWithTwoOffers(0);
    const { service } = await getServiceRecord(svc.slug);
    expect(service.calls30d).toBe(svc.calls30d);
    expect(service.uniquePayers30d).toBe(svc.uniquePayers30d);
    expect(service.observed).toEqual({
      calls30d: 0,
      paidCalls30d: 0,
      uniquePayers30d: 0,
      successRate: null,
      p50LatencyMs: null,
    });
    for (const o of service.offers) expect(o.observed).toEqual({ calls30d: 0, successRate: null, p50LatencyMs: null });
  });

  it("adds the observer's answered calls of the last 30 days to the record, with per-offer figures", async () => {
    const svc = await serviceWithTwoOffers(1);
    const [a, b] = svc.offers.map((o) => o.id) as [string, string];
    const other = await serviceWithTwoOffers(2);
    const payer = "0xabcdefabcdefabcdefabcdefabcdefabcdefabcd";
    // Offer a: 4 answered calls (2 paid by the same payer in two spellings, 1 paid by another), a
    // 402 (success of the provider, a retryable row), latencies 100, 200, 300, 400.
    await insertCall({ offerId: a, serviceId: svc.id, paid: true, payer, latencyMs: 100 });
    await insertCall({
      offerId: a,
      serviceId: svc.id,
      paid: true,
      payer: `0x${payer.slice(2).toUpperCase()}`,
      latencyMs: 200,
    });
    await insertCall({
      offerId: a,
      serviceId: svc.id,
      paid: true,
      payer: "0x2222222222222222222222222222222222222222",
      latencyMs: 300,
    });
    await insertCall({ offerId: a, serviceId: svc.id, state: "retryable", status: 402, latencyMs: 400 });
    // Offer b: a provider 500 and an observer failure (unreachable, retryable): both failures.
    await insertCall({ offerId: b, serviceId: svc.id, status: 500, latencyMs: 50 });
    await insertCall({
      offerId: b,
      serviceId: svc.id,
      state: "retryable",
      status: 502,
      outcome: "provider_unreachable",
      latencyMs: 10,
    });
    // Not counted: a claim in flight, a call 31 days old, another service's call.
    await insertCall({ offerId: a, serviceId: svc.id, state: "in_flight" });
    await insertCall({
      offerId: a,
      serviceId: svc.id,
      paid: true,
      payer: "0x3333333333333333333333333333333333333333",
      ageMs: 31 * DAY,
    });
    await insertCall({ offerId: other.offers[0]!.id, serviceId: other.id, paid: true, payer });

    const { service } = await getServiceRecord(svc.slug);
    expect(service.observed).toEqual({
      calls30d: 6,
      paidCalls30d: 3,
      uniquePayers30d: 2,
      successRate: 0.6667,
      p50LatencyMs: 150,
    });
    expect(service.calls30d).toBe(svc.calls30d + 6);
    expect(service.uniquePayers30d).toBe(svc.uniquePayers30d + 2);
    const byId = new Map(service.offers.map((o) => [o.id, o.observed]));
    expect(byId.get(a)).toEqual({ calls30d: 4, successRate: 1, p50LatencyMs: 250 });
    expect(byId.get(b)).toEqual({ calls30d: 2, successRate: 0, p50LatencyMs: 30 });

    // The list summaries show the same total, batched for a page of services.
    const counts = await serviceCallCounts([svc.id, other.id, "svc_none"]);
    expect(counts.get(svc.id)).toBe(6);
    expect(counts.get(other.id)).toBe(1);
    expect(counts.has("svc_none")).toBe(false);
    const listed = await listServices({
      q: (await db.service.findUniqueOrThrow({ where: { id: svc.id }, select: { name: true } })).name,
      limit: 100,
    });
    expect(listed.services.find((s) => s.id === svc.id)?.calls30d).toBe(svc.calls30d + 6);
  });

  it("gives the service page 30 UTC days of calls and median latency, zero days included", async () => {
    const svc = await serviceWithTwoOffers(3);
    const offerId = svc.offers[0]!.id;
    const now = new Date();
    await insertCall({ offerId, serviceId: svc.id, latencyMs: 100, ageMs: 1_000 });
    await insertCall({ offerId, serviceId: svc.id, latencyMs: 300, ageMs: 2_000 });
    await insertCall({ offerId, serviceId: svc.id, latencyMs: 700, ageMs: 5 * DAY });
    await insertCall({ offerId, serviceId: svc.id, latencyMs: 900, ageMs: 40 * DAY });

    const series = await serviceCallSeries(svc.id, now);
    expect(series.days).toHaveLength(30);
    expect(series.days.at(-1)!.day).toBe(now.toISOString().slice(0, 10));
    expect(series.totalCalls).toBe(3);
    const byDay = new Map(series.days.map((d) => [d.day, d]));
    const today = byDay.get(new Date(now.getTime() - 1_000).toISOString().slice(0, 10))!;
    const fiveDaysAgo = byDay.get(new Date(now.getTime() - 5 * DAY).toISOString().slice(0, 10))!;
    // The two recent calls may straddle midnight UTC; together they are 2 calls.
    expect(series.days.filter((d) => d.p50LatencyMs !== null).length).toBeGreaterThanOrEqual(2);
    expect(fiveDaysAgo).toMatchObject({ calls: 1, p50LatencyMs: 700 });
    if (today.calls === 2) expect(today.p50LatencyMs).toBe(200);
    expect(series.days.filter((d) => d.calls === 0).every((d) => d.p50LatencyMs === null)).toBe(true);

    // Through the tRPC procedure the page uses; an unknown or malformed slug is NOT_FOUND.
    const caller = await signedOutCaller();
    expect((await caller.catalog.calls({ slug: svc.slug })).totalCalls).toBe(3);
    const empty = await serviceWithTwoOffers(4);
    expect(await caller.catalog.calls({ slug: empty.slug })).toMatchObject({ totalCalls: 0 });
    await expect(caller.catalog.calls({ slug: "no-such-service" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.catalog.calls({ slug: "bad\u0000slug" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
