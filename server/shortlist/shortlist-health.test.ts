// What the marketplace observed, in the shortlist (issue 25 §4), against the seeded catalog with
// health rows written directly (the probe engine writes them in production): failing services
// rank down, a failing offer is never the purchase link, fit reasons say what was observed and
// when, `constraints.tested` and the test-status checks follow the observation, and unprobed
// offers change nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import type { ConformanceCheck, HealthState } from "@/server/probes/conformance-checks";
import { buildShortlist } from "./build-shortlist";
import type { ShortlistInput } from "./request-schema";
import type { Shortlist } from "./result-schema";

const TRANSCRIBE = "transcribe audio recordings into text with speaker diarization for my agent api";
const WEATHER = "Hourly weather forecasts with rain probability for delivery route planning";
const SCRAPE = "web scraping and data extraction";
const IMAGES = "generate images from a text prompt";
const AT = new Date("2026-11-28T04:10:27.512Z");
const NOW = new Date("2026-11-28T04:30:00Z");

type Failure = "unreachable" | "non_conformant" | "routing_stopped";

async function setHealth(
  offerIds: string[],
  state: HealthState,
  over: { failedChecks?: ConformanceCheck[]; uptime24h?: number } = {},
) {
  await db.offerHealth.deleteMany({ where: { offerId: { in: offerIds } } });
  await db.offerHealth.createMany({
    data: offerIds.map((offerId) => ({
      offerId,
      state,
      failedChecks: over.failedChecks ?? [],
      ...(state === "unprobed"
        ? {}
        : {
            uptime24h: over.uptime24h ?? 99.3,
            uptime7d: 99.5,
            uptime30d: 99.6,
            latencyP50Ms: 120,
            latencyP95Ms: 300,
            probes30d: 4000,
            lastProbedAt: AT,
          }),
    })),
  });
}

async function fail(offerIds: string[], how: Failure) {
  if (how === "unreachable") return setHealth(offerIds, "unreachable", { uptime24h: 0 });
  if (how === "non_conformant") return setHealth(offerIds, "non_conformant", { failedChecks: ["network_caip2"] });
  await setHealth(offerIds, "conformant");
  await db.offerTermsChange.createMany({
    data: offerIds.map((offerId) => ({
      offerId,
      detectedAt: new Date("2026-11-28T03:50:00Z"),
      fields: ["payTo"],
      blocking: true,
      catalogued: { payTo: "0xaaaa", network: "eip155:84532", asset: null, amountAtomic: "1000" },
      observed: { payTo: "0xbbbb", network: "eip155:84532", asset: null, amountAtomic: "1000" },
    })),
  });
}

const offersOf = async (serviceId: string) =>
  db.offer.findMany({ where: { serviceId }, select: { id: true, protocol: true, method: true, path: true } });
const serviceOffers = async (serviceId: string) => (await offersOf(serviceId)).map((o) => o.id);
const callUrl = (offerId: string) => `http://marketplace.test/api/x402/observe/${offerId}`;
const slugs = (s: Shortlist) => s.matches.map((m) => m.service.slug);
const PROBED = /^Probed by the marketplace/;

beforeEach(async () => {
  await db.offerTermsChange.deleteMany();
  await db.offerHealth.deleteMany();
});

describe("unprobed offers change nothing", () => {
  const REQUESTS: ShortlistInput[] = [
    { outcome: WEATHER },
    { outcome: TRANSCRIBE, search: "hybrid" },
    { outcome: TRANSCRIBE, search: "terms", limit: 3 },
    { outcome: TRANSCRIBE, search: "semantic" },
    { outcome: "Isobar Weather", search: "exact" },
    { outcome: SCRAPE, constraints: { tested: "true" } },
    { outcome: SCRAPE, constraints: { protocol: "mpp" } },
    {
      outcome: WEATHER,
      conditions: ["SOC 2 Type II report", { requirement: "Has been tested by the marketplace", priority: "prefer" }],
    },
  ];
  const run = async () => Promise.all(REQUESTS.map((r) => buildShortlist(r, NOW)));

  it("gives the same shortlists with `unprobed` health rows as without any, and healthy offers keep order and scores", async () => {
    const without = await run();
    expect(without.every((s) => s.matches.length > 0)).toBe(true);
    const all = (await db.offer.findMany({ select: { id: true } })).map((o) => o.id);
    await setHealth(all, "unprobed");
    expect(JSON.stringify(await run())).toBe(JSON.stringify(without));
    for (const s of without) for (const m of s.matches) expect(m.fitReasons.some((r) => PROBED.test(r))).toBe(false);

    // Every offer probed and conformant: the same order, scores, links and offers; one more fit reason.
    await setHealth(all, "conformant");
    const healthy = await run();
    healthy.forEach((s, i) => {
      const before = without[i]!;
      expect(s.matches.map((m) => [m.service.slug, m.score, m.links, m.offers, m.conditions])).toEqual(
        before.matches.map((m) => [m.service.slug, m.score, m.links, m.offers, m.conditions]),
      );
      s.matches.forEach((m, j) => {
        expect(m.fitReasons.filter((r) => !PROBED.test(r))).toEqual(before.matches[j]!.fitReasons);
        expect(m.fitReasons).toContain(
          "Probed by the marketplace: conformant x402 v2, 99.3 % uptime over 24 h, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC)",
        );
      });
    });
  }, 120_000);
});

describe("a service whose every endpoint fails", () => {
  it.each([
    ["unreachable", "hybrid"],
    ["non_conformant", "hybrid"],
    ["routing_stopped", "hybrid"],
    ["unreachable", "all"],
  ] as const)("ranks down when %s (%s): below comparable services, its score kept", async (how, search) => {
    const input = { outcome: IMAGES, search };
    const base = await buildShortlist(input, NOW);
    const [top, second] = base.matches;
    // The request is chosen so that the runner-up is comparable: more than half the top's score.
    expect(second!.score).toBeGreaterThan(top!.score / 2);
    await fail(await serviceOffers(top!.service.id), how);

    const after = await buildShortlist(input, NOW);
    const down = after.matches.find((m) => m.service.slug === top!.service.slug)!;
    expect(down.score).toBe(top!.score);
    expect(after.matches[0]!.service.slug).toBe(second!.service.slug);
    const at = after.matches.indexOf(down);
    for (const m of after.matches.slice(0, at)) expect(m.score).toBeGreaterThanOrEqual(top!.score / 2);
    for (const m of after.matches.slice(at + 1)) expect(m.score).toBeLessThanOrEqual(top!.score / 2);
    // Healthy services keep their order among themselves.
    expect(slugs(after).filter((s) => s !== down.service.slug)).toEqual(
      slugs(base)
        .filter((s) => s !== down.service.slug)
        .slice(0, after.matches.length - 1),
    );
    expect(down.links.purchase).toBe(down.links.profile);

    // With room for one match, the next retrieved service is read in and answers.
    const one = await buildShortlist({ ...input, limit: 1 }, NOW);
    expect(slugs(one)).toEqual([second!.service.slug]);
  });

  it("stays above services far less likely to fit (the penalty is bounded)", async () => {
    const input = { outcome: IMAGES, search: "hybrid" as const };
    const base = await buildShortlist(input, NOW);
    const last = base.matches.at(-1)!;
    const top = base.matches[0]!;
    expect(last.score).toBeLessThan(top.score / 2);
    await fail(await serviceOffers(top.service.id), "unreachable");
    const after = await buildShortlist(input, NOW);
    expect(slugs(after).indexOf(top.service.slug)).toBeLessThan(slugs(after).indexOf(last.service.slug));
  });

  it("keeps its rank in exact mode, which ranks names", async () => {
    const base = await buildShortlist({ outcome: "Isobar Weather", search: "exact" }, NOW);
    const isobar = await db.service.findUniqueOrThrow({ where: { slug: "isobar-weather" }, select: { id: true } });
    await fail(await serviceOffers(isobar.id), "unreachable");
    const after = await buildShortlist({ outcome: "Isobar Weather", search: "exact" }, NOW);
    expect(slugs(after)).toEqual(slugs(base));
    expect(after.matches[0]!.fitReasons.some((r) => r.includes("unreachable in the last 3 probes"))).toBe(true);
  });
});

describe("the purchase link", () => {
  it("is never an offer observed failing, nor its protocol twin; the service page when all fail", async () => {
    const input = { outcome: TRANSCRIBE, search: "hybrid" as const };
    const base = await buildShortlist(input, NOW);
    // The first match with more than one endpoint.
    let chosen: { m: Shortlist["matches"][number]; offers: Awaited<ReturnType<typeof offersOf>> } | undefined;
    for (const m of base.matches) {
      const offers = await offersOf(m.service.id);
      if (new Set(offers.map((o) => `${o.method} ${o.path}`)).size > 1) {
        chosen = { m, offers };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const { m, offers } = chosen!;
    const linked = offers.find((o) => callUrl(o.id) === m.links.purchase)!;
    expect(linked).toBeDefined();
    for (const how of ["unreachable", "non_conformant", "routing_stopped"] as const) {
      await db.offerTermsChange.deleteMany();
      await db.offerHealth.deleteMany();
      await setHealth(
        offers.map((o) => o.id),
        "conformant",
      );
      await fail([linked.id], how);
      const after = (await buildShortlist(input, NOW)).matches.find((x) => x.service.slug === m.service.slug)!;
      const now = offers.find((o) => callUrl(o.id) === after.links.purchase)!;
      expect(now, how).toBeDefined();
      // Another endpoint: not the failing offer, nor its twin under the other protocol.
      expect(`${now.method} ${now.path}`, how).not.toBe(`${linked.method} ${linked.path}`);
      // Listed last, with its twin if it has one.
      const endpoint = offers.filter((o) => o.method === linked.method && o.path === linked.path).map((o) => o.id);
      expect(
        after.offers.slice(-endpoint.length).map((o) => o.id),
        how,
      ).toEqual(after.offers.filter((o) => endpoint.includes(o.id)).map((o) => o.id));
      expect(
        after.offers.slice(-endpoint.length).map((o) => o.id),
        how,
      ).toContain(linked.id);
      expect(
        after.fitReasons.find((r) => PROBED.test(r)),
        how,
      ).toContain(`${linked.method} ${linked.path}`);
    }
    await fail(
      offers.map((o) => o.id),
      "unreachable",
    );
    const down = (await buildShortlist(input, NOW)).matches.find((x) => x.service.slug === m.service.slug)!;
    expect(down.links.purchase).toBe(down.links.profile);
  });

  it("across a catalog where a third of the offers fail, points only at working offers", async () => {
    const all = await db.offer.findMany({ select: { id: true, serviceId: true, method: true, path: true } });
    const kinds: Failure[] = ["unreachable", "non_conformant", "routing_stopped"];
    // Deterministic: every third offer by id fails, in turn one of the three ways; the rest are conformant.
    const sorted = [...all].sort((a, b) => (a.id < b.id ? -1 : 1));
    const failing = sorted.filter((_, i) => i % 3 === 0);
    await setHealth(
      sorted.filter((_, i) => i % 3 !== 0).map((o) => o.id),
      "conformant",
    );
    for (const [k, how] of kinds.entries())
      await fail(
        failing.filter((_, i) => i % 3 === k).map((o) => o.id),
        how,
      );
    const failingEndpoints = new Set(failing.map((o) => `${o.serviceId} ${o.method} ${o.path}`));
    const byId = new Map(all.map((o) => [o.id, o]));
    let checked = 0;
    for (const outcome of [TRANSCRIBE, WEATHER, SCRAPE, IMAGES])
      for (const search of ["all", "hybrid", "terms", "semantic"] as const) {
        for (const m of (await buildShortlist({ outcome, search }, NOW)).matches) {
          if (m.links.purchase === m.links.profile) {
            // Only when every endpoint of the service fails.
            const own = all.filter((o) => o.serviceId === m.service.id);
            expect(own.every((o) => failingEndpoints.has(`${o.serviceId} ${o.method} ${o.path}`))).toBe(true);
            continue;
          }
          const o = byId.get(m.links.purchase.split("/").at(-1)!)!;
          expect(failingEndpoints.has(`${o.serviceId} ${o.method} ${o.path}`)).toBe(false);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(20);
  }, 120_000);
});

describe("constraints.tested and the test-status checks", () => {
  it("no longer count a tested service whose every endpoint fails, and say so in its fit reasons", async () => {
    const tested = await buildShortlist({ outcome: SCRAPE, constraints: { tested: "output" } }, NOW);
    const target = tested.matches[0]!;
    const service = await db.service.findUniqueOrThrow({
      where: { slug: target.service.slug },
      select: { id: true, name: true, testStatus: true },
    });
    expect(service.testStatus).toBe("tested-output");
    const byName = { outcome: service.name, search: "exact" as const, limit: 1 };
    const condition = { id: "t", requirement: "Has been tested by the marketplace", priority: "prefer" as const };
    const before = (await buildShortlist({ ...byName, conditions: [condition] }, NOW)).matches[0]!;
    expect(before.conditions[0]!.status).toBe("met");

    await fail(await serviceOffers(service.id), "non_conformant");
    for (const t of ["true", "output"] as const) {
      const s = await buildShortlist({ outcome: SCRAPE, constraints: { tested: t } }, NOW);
      expect(slugs(s), t).not.toContain(target.service.slug);
      expect(s.matches.length, t).toBe(tested.matches.length);
      expect(slugs(await buildShortlist({ ...byName, constraints: { tested: t } }, NOW)), t).not.toContain(
        target.service.slug,
      );
    }
    const after = (await buildShortlist({ ...byName, conditions: [condition] }, NOW)).matches[0]!;
    expect(after.service.slug).toBe(target.service.slug);
    expect(after.conditions[0]).toEqual({ ...condition, status: "unknown" });
    expect(after.fitReasons.find((r) => r.startsWith("Tested by the marketplace"))).toMatch(
      /: returned output; no longer counted as tested: every endpoint the marketplace probes fails now$/,
    );

    // Observed working again: tested again.
    await db.offerHealth.deleteMany();
    await setHealth(await serviceOffers(service.id), "conformant");
    expect(slugs(await buildShortlist({ outcome: SCRAPE, constraints: { tested: "output" } }, NOW))).toEqual(
      slugs(tested),
    );
    const again = (await buildShortlist({ ...byName, conditions: [condition] }, NOW)).matches[0]!;
    expect(again.conditions[0]!.status).toBe("met");
    expect(again.fitReasons.find((r) => r.startsWith("Tested by the marketplace"))).not.toContain("no longer");
  });
});
