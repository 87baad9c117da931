// offer_health against a hand count over inserted probe rows (uptime windows, p50/p95, the state
// rules), and the retention: rows past it rolled up per UTC day and deleted in bounded batches, with
// the 30-day figures unchanged.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createTestOffer } from "@/test/probes/hostile-provider";
import { applyProbeRetention, retentionCutoff } from "./probe-retention";
import { recomputeOfferHealth } from "./recompute-health";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AT = new Date();

interface Row {
  ageMs: number;
  status: number | null;
  latencyMs: number;
  verdict: "conformant" | "non_conformant" | "unreachable";
  failedChecks?: string[];
}

async function offerWith(rows: Row[]): Promise<string> {
  const id = await createTestOffer("https://provider.example", `/hand-count/${Math.random().toString(36).slice(2)}`);
  await db.offerProbe.createMany({
    data: rows.map((r) => ({
      offerId: id,
      probedAt: new Date(AT.getTime() - r.ageMs),
      verdict: r.verdict,
      status: r.status,
      latencyMs: r.latencyMs,
      failedChecks: r.failedChecks ?? [],
    })),
  });
  return id;
}

const up = (r: Row) => r.status !== null && r.status < 500;
const pct = (rows: Row[]) => (rows.length === 0 ? null : (100 * rows.filter(up).length) / rows.length);
/** percentile_disc: the first value whose cumulative share reaches p. */
const disc = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1]!;
};

// A pseudo-random month of probes: deterministic, every kind of answer, spread over 29 days.
function month(seed: number): Row[] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31), x / 2 ** 31);
  const rows: Row[] = [];
  for (let i = 0; i < 400; i++) {
    const roll = next();
    const status = roll < 0.1 ? null : roll < 0.2 ? 503 : roll < 0.3 ? 404 : 402;
    rows.push({
      ageMs: Math.floor(next() * 29 * DAY) + 1000,
      status,
      latencyMs: 5 + Math.floor(next() * 900),
      verdict: status === null || status >= 500 ? "unreachable" : status === 402 ? "conformant" : "non_conformant",
      failedChecks: status === 404 ? ["answers_402"] : [],
    });
  }
  return rows;
}

function handCount(rows: Row[]) {
  const within = (ms: number) => rows.filter((r) => r.ageMs < ms);
  const latencies = within(7 * DAY)
    .filter(up)
    .map((r) => r.latencyMs);
  return {
    uptime24h: pct(within(DAY)),
    uptime7d: pct(within(7 * DAY)),
    uptime30d: pct(within(30 * DAY)),
    latencyP50Ms: disc(latencies, 0.5),
    latencyP95Ms: disc(latencies, 0.95),
    probes30d: within(30 * DAY).length,
  };
}

const health = (offerId: string) => db.offerHealth.findUniqueOrThrow({ where: { offerId } });

function expectFigures(h: Awaited<ReturnType<typeof health>>, want: ReturnType<typeof handCount>) {
  for (const k of ["uptime24h", "uptime7d", "uptime30d"] as const) {
    if (want[k] === null) expect(h[k]).toBeNull();
    else expect(h[k]).toBeCloseTo(want[k], 2);
  }
  expect([h.latencyP50Ms, h.latencyP95Ms, h.probes30d]).toEqual([want.latencyP50Ms, want.latencyP95Ms, want.probes30d]);
}

describe("offer_health equals a hand count over the probe rows", () => {
  it("uptime over 24 h, 7 d and 30 d, latency p50/p95 over the last 7 days' up probes", async () => {
    const rows = month(7);
    const id = await offerWith(rows);
    await recomputeOfferHealth(id, AT);
    const h = await health(id);
    expectFigures(h, handCount(rows));
    const latest = [...rows].sort((a, b) => a.ageMs - b.ageMs)[0]!;
    expect(h.lastProbedAt?.getTime()).toBe(AT.getTime() - latest.ageMs);
  });

  it("state: the most recent up probe's verdict and checks, unless the last three were all not up", async () => {
    const at = (hours: number, status: number | null, verdict: Row["verdict"], failedChecks: string[] = []): Row => ({
      ageMs: hours * HOUR,
      status,
      latencyMs: 50,
      verdict,
      failedChecks,
    });
    const cases: [string, Row[], string, string[]][] = [
      ["no probes", [], "unprobed", []],
      ["one timeout", [at(1, null, "unreachable")], "unreachable", []],
      [
        "the last three not up (a 5xx and timeouts)",
        [at(4, 402, "conformant"), at(3, 503, "unreachable"), at(2, null, "unreachable"), at(1, 500, "unreachable")],
        "unreachable",
        [],
      ],
      [
        "two not up after a non-conformant answer",
        [
          at(4, 402, "conformant"),
          at(3, 404, "non_conformant", ["answers_402"]),
          at(2, null, "unreachable"),
          at(1, 503, "unreachable"),
        ],
        "non_conformant",
        ["answers_402"],
      ],
      [
        "conformant, then a 5xx",
        [at(3, 402, "non_conformant", ["x402_version_2"]), at(2, 402, "conformant"), at(1, 502, "unreachable")],
        "conformant",
        [],
      ],
    ];
    for (const [name, rows, state, failed] of cases) {
      const id = await offerWith(rows);
      await recomputeOfferHealth(id, AT);
      const h = await health(id);
      expect([name, h.state, h.failedChecks]).toEqual([name, state, failed]);
      if (rows.length === 0) expect(h).toMatchObject({ uptime24h: null, probes30d: 0, lastProbedAt: null });
    }
  });
});

describe("retention", () => {
  it("rolls up probes past the retention per UTC day, deletes them in bounded batches, and keeps the figures", async () => {
    const rows = month(11);
    const id = await offerWith(rows);
    const other = await offerWith(month(13));
    await recomputeOfferHealth(id, AT);
    const before = await health(id);

    const retentionDays = 7;
    const cutoff = retentionCutoff(retentionDays, AT);
    const old = rows.filter((r) => AT.getTime() - r.ageMs < cutoff.getTime());
    const outcome = await applyProbeRetention(retentionDays, { at: AT, groupsPerBatch: 5, pauseMs: 0 });
    // Every row deleted went into a roll-up (this file's other offers' old rows too), in several batches.
    expect(outcome.deleted).toBe((await db.offerProbeDay.aggregate({ _sum: { probes: true } }))._sum.probes);
    expect(outcome.groups).toBeGreaterThan(5);
    expect(await db.offerProbe.count({ where: { offerId: other, probedAt: { lt: cutoff } } })).toBe(0);

    // Nothing older than the cut-off is left raw; what is newer is all there.
    expect(await db.offerProbe.count({ where: { offerId: id, probedAt: { lt: cutoff } } })).toBe(0);
    expect(await db.offerProbe.count({ where: { offerId: id } })).toBe(rows.length - old.length);

    // Each UTC day's roll-up is the hand count of that day's rows.
    const byDay = new Map<string, Row[]>();
    for (const r of old) {
      const day = new Date(AT.getTime() - r.ageMs).toISOString().slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), r]);
    }
    const days = await db.offerProbeDay.findMany({ where: { offerId: id }, orderBy: { day: "asc" } });
    expect(days.map((d) => d.day.toISOString().slice(0, 10))).toEqual([...byDay.keys()].sort());
    for (const d of days) {
      const dayRows = byDay.get(d.day.toISOString().slice(0, 10))!;
      const latencies = dayRows.filter(up).map((r) => r.latencyMs);
      expect({
        probes: d.probes,
        up: d.up,
        conformant: d.conformant,
        latencyP50Ms: d.latencyP50Ms,
        latencyP95Ms: d.latencyP95Ms,
      }).toEqual({
        probes: dayRows.length,
        up: dayRows.filter(up).length,
        conformant: dayRows.filter((r) => r.verdict === "conformant").length,
        latencyP50Ms: disc(latencies, 0.5),
        latencyP95Ms: disc(latencies, 0.95),
      });
    }

    // The figures read the roll-ups for the older days: unchanged.
    await recomputeOfferHealth(id, AT);
    const after = await health(id);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expectFigures(after, handCount(rows));

    // A second run finds nothing left to do.
    expect((await applyProbeRetention(retentionDays, { at: AT })).deleted).toBe(0);
  });
});
