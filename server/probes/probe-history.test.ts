// The service page's probe history (rows inserted directly, as the probe scheduler and its
// retention roll-up write them): every figure per UTC day equals a hand count over the rows, raw
// probes and daily roll-ups together, nothing outside the window or of another service counted;
// the terms-change history newest first; the tRPC procedure answers the same, 404 for an unknown slug.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { signedOutCaller } from "@/server/trpc/test-callers";
import { getServiceHealthHistory, HISTORY_DAYS, serviceProbeDays } from "./probe-history";

const DAY = 86_400_000;
// Fixed: the window is 2026-10-22 … 2026-11-20 (UTC days).
const NOW = new Date("2026-11-20T10:00:00.000Z");

type Verdict = "conformant" | "non_conformant" | "unreachable";
interface P {
  offerId: string;
  at: Date;
  verdict: Verdict;
  status: number | null;
  latencyMs: number;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const isUp = (p: P) => p.status !== null && p.status < 500;
// percentile_disc: the first value whose cumulative share reaches p.
const disc = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)]!;
};

async function serviceWithOffers(skip: number, min = 2) {
  const services = await db.service.findMany({
    orderBy: { id: "asc" },
    skip,
    take: 50,
    select: { id: true, slug: true, offers: { select: { id: true }, orderBy: { id: "asc" } } },
  });
  return services.find((s) => s.offers.length >= min)!;
}

describe("a service's probe history per UTC day", () => {
  it("equals a hand count over raw probes and daily roll-ups; other services and older probes are left out", async () => {
    const svc = await serviceWithOffers(3);
    const other = await serviceWithOffers(60, 1);
    const [a, b] = svc.offers.map((o) => o.id) as [string, string];
    // A deterministic spread: two offers, several days, all verdicts, 5xx, timeouts (no status).
    const probes: P[] = [];
    const verdicts: [Verdict, number | null][] = [
      ["conformant", 402],
      ["conformant", 402],
      ["non_conformant", 200],
      ["unreachable", 503],
      ["unreachable", null],
      ["non_conformant", 402],
    ];
    for (let day = 0; day < 12; day++) {
      for (let i = 0; i < (day % 4) + 1; i++) {
        const [verdict, status] = verdicts[(day + i) % verdicts.length]!;
        probes.push({
          offerId: i % 2 === 0 ? a : b,
          at: new Date(NOW.getTime() - day * DAY - i * 3_600_000),
          verdict,
          status,
          latencyMs: 40 + ((day * 37 + i * 91) % 400),
        });
      }
    }
    // Edges of the window: the first minute of its first day counts, the day before does not.
    const firstDay = new Date(Date.UTC(2026, 9, 22));
    probes.push({ offerId: a, at: firstDay, verdict: "conformant", status: 402, latencyMs: 77 });
    const outside: P[] = [
      { offerId: a, at: new Date(firstDay.getTime() - 1000), verdict: "conformant", status: 402, latencyMs: 5 },
      { offerId: other.offers[0]!.id, at: NOW, verdict: "unreachable", status: null, latencyMs: 9 },
    ];
    await db.offerProbe.createMany({
      data: [...probes, ...outside].map((p) => ({
        offerId: p.offerId,
        probedAt: p.at,
        verdict: p.verdict,
        status: p.status,
        latencyMs: p.latencyMs,
        failedChecks: p.verdict === "non_conformant" ? ["amount_matches_price"] : [],
      })),
    });
    // Roll-ups of older days (the raw rows of those days are gone): one day both offers, one day one
    // offer, one day before the window.
    const rolled = [
      { offerId: a, day: new Date(Date.UTC(2026, 9, 25)), probes: 144, up: 140, conformant: 130, p50: 120, p95: 480 },
      { offerId: b, day: new Date(Date.UTC(2026, 9, 25)), probes: 144, up: 100, conformant: 0, p50: 300, p95: 310 },
      { offerId: b, day: new Date(Date.UTC(2026, 9, 30)), probes: 10, up: 0, conformant: 0, p50: null, p95: null },
      { offerId: a, day: new Date(Date.UTC(2026, 9, 21)), probes: 99, up: 99, conformant: 99, p50: 1, p95: 1 },
    ];
    await db.offerProbeDay.createMany({
      data: rolled.map((r) => ({
        offerId: r.offerId,
        day: r.day,
        probes: r.probes,
        up: r.up,
        conformant: r.conformant,
        latencyP50Ms: r.p50,
        latencyP95Ms: r.p95,
      })),
    });

    const days = await serviceProbeDays(svc.id, NOW);
    expect(days).toHaveLength(HISTORY_DAYS);
    expect(days[0]!.day).toBe("2026-10-22");
    expect(days.at(-1)!.day).toBe("2026-11-20");

    // The hand count: per day, per offer (latency: the slowest offer's percentile that day).
    const expected = days.map(({ day }) => {
      const raw = probes.filter((p) => dayOf(p.at) === day);
      const roll = rolled.filter((r) => dayOf(r.day) === day);
      const perOffer = [a, b].flatMap((id) => {
        const ups = raw.filter((p) => p.offerId === id && isUp(p)).map((p) => p.latencyMs);
        return [
          ...(ups.length > 0 ? [{ p50: disc(ups, 0.5)!, p95: disc(ups, 0.95)! }] : []),
          ...roll.filter((r) => r.offerId === id && r.p50 !== null).map((r) => ({ p50: r.p50!, p95: r.p95! })),
        ];
      });
      const n = raw.length + roll.reduce((s, r) => s + r.probes, 0);
      const up = raw.filter(isUp).length + roll.reduce((s, r) => s + r.up, 0);
      return {
        day,
        probes: n,
        up,
        conformant: raw.filter((p) => p.verdict === "conformant").length + roll.reduce((s, r) => s + r.conformant, 0),
        uptimePercent: n === 0 ? null : Math.round((up / n) * 10_000) / 100,
        latencyP50Ms: perOffer.length === 0 ? null : Math.max(...perOffer.map((x) => x.p50)),
        latencyP95Ms: perOffer.length === 0 ? null : Math.max(...perOffer.map((x) => x.p95)),
      };
    });
    expect(days).toEqual(expected);
    // The spread exercised what it should: days without data, roll-ups, a day with no answered probe.
    expect(days.filter((d) => d.probes === 0).length).toBeGreaterThan(10);
    expect(days.find((d) => d.day === "2026-10-25")).toMatchObject({ probes: 288, up: 240, latencyP50Ms: 300 });
    expect(days.find((d) => d.day === "2026-10-30")).toMatchObject({ probes: 10, up: 0, latencyP50Ms: null });
    expect(days[0]).toMatchObject({ probes: 1, up: 1, latencyP50Ms: 77 });
    expect(days.reduce((s, d) => s + d.probes, 0)).toBe(probes.length + 144 + 144 + 10);
  });

  it("terms changes newest first, open and resolved; the tRPC procedure answers the page's data", async () => {
    const svc = await serviceWithOffers(7);
    const [a, b] = svc.offers.map((o) => o.id) as [string, string];
    const terms = { payTo: "0x" + "1".repeat(40), network: "eip155:84532", asset: "0x" + "2".repeat(40) };
    const resolved = await db.offerTermsChange.create({
      data: {
        offerId: a,
        detectedAt: new Date(Date.now() - 5 * DAY),
        fields: ["payTo"],
        blocking: true,
        catalogued: { ...terms, amountAtomic: "1000" },
        observed: { ...terms, payTo: "0x" + "3".repeat(40), amountAtomic: "1000" },
        resolvedAt: new Date(Date.now() - 4 * DAY),
        resolution: "reimported",
      },
    });
    const open = await db.offerTermsChange.create({
      data: {
        offerId: b,
        detectedAt: new Date(Date.now() - DAY),
        fields: ["price"],
        blocking: false,
        catalogued: { ...terms, amountAtomic: "1000" },
        observed: { ...terms, amountAtomic: "2000" },
      },
    });
    await db.offerHealth.create({
      data: {
        offerId: a,
        state: "conformant",
        uptime24h: 100,
        uptime7d: 99,
        uptime30d: 98.5,
        latencyP50Ms: 120,
        latencyP95Ms: 300,
        probes30d: 4000,
        lastProbedAt: new Date(),
      },
    });

    const history = await getServiceHealthHistory(svc.slug);
    expect(history.termsChanges.map((c) => [c.id, c.offer.id, c.resolution])).toEqual([
      [open.id, b, null],
      [resolved.id, a, "reimported"],
    ]);
    expect(history.termsChanges[0]).toMatchObject({ fields: ["price"], blocking: false, resolvedAt: null });
    expect(history.termsChanges[0]!.observed.amountAtomic).toBe("2000");
    expect(history.offers[a]).toMatchObject({ state: "conformant", uptime24h: 100, routingStopped: false });
    expect(history.offers[b]).toMatchObject({ state: "unprobed", termsChange: { fields: ["price"] } });
    expect(history.health).toMatchObject({ state: "conformant", offersProbed: 1, offersConformant: 1 });
    expect(history.totalProbes).toBe(0);

    const caller = await signedOutCaller();
    const viaTrpc = await caller.catalog.health({ slug: svc.slug });
    expect(viaTrpc.termsChanges).toEqual(history.termsChanges);
    expect(viaTrpc.health).toEqual(history.health);
    await expect(caller.catalog.health({ slug: "no-such-service-here" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.catalog.health({ slug: "Bad Slug" })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    // The list's badges read the summaries' health: the same as the page's, and unprobed for a
    // service never probed.
    const plain = await serviceWithOffers(90, 1);
    const listed = new Map<string, unknown>();
    let cursor: string | undefined;
    do {
      const page = await caller.catalog.list({ limit: 100, cursor });
      for (const s of page.services) listed.set(s.id, s.health);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(listed.get(svc.id)).toEqual(history.health);
    expect(listed.get(plain.id)).toMatchObject({ state: "unprobed", uptime24h: null, healthy: false });
  });
});
