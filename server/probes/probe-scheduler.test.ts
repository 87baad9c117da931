// The probe scheduler on a real database against the real sandbox world: two instances share the
// work without probing an offer twice in an interval; hostile providers are bounded and recorded
// without stalling the others; a changed payee opens one blocking terms change, a price mismatch one
// non-blocking change, and repeated probes add none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sqlQuery } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf, type SandboxProfile } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { createTestOffer, startHostile, type Hostile } from "@/test/probes/hostile-provider";
import { routingStop } from "./offer-health";
import { createSafeOutbound, type SafeOutbound } from "../observe/safe-outbound";
import { createProbeScheduler, type ProbeSchedulerOptions } from "./probe-scheduler";

let sandbox: Sandbox;
let offers: SandboxOffer[];
let dynamic: Set<string>;
const hostiles: Hostile[] = [];

const SETTINGS: ProbeSchedulerOptions = {
  intervalMs: 600_000,
  timeoutMs: 3_000,
  maxBytes: 64 * 1024,
  hostConcurrency: 8,
  hostSpacingMs: 0,
  concurrency: 16,
};

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 300 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = await loadSandboxOffers();
  dynamic = new Set(
    (await db.offer.findMany({ where: { dynamicPrice: true }, select: { id: true } })).map((o) => o.id),
  );
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), ...hostiles.map((h) => h.close())]);
});

const label = (p: SandboxProfile) => (p.kind === "non-conformant" ? p.breaks : p.kind);
const probesOf = (offerId: string) => db.offerProbe.findMany({ where: { offerId }, orderBy: { probedAt: "asc" } });
/** Runs a scheduler until it finds nothing due and has nothing in hand. */
async function onePass(options: Partial<ProbeSchedulerOptions> = {}) {
  const s = createProbeScheduler({ ...SETTINGS, ...options });
  s.start();
  await s.idle();
  await s.stop();
  return s;
}
/** Only these offers are due; every other schedule row waits a day. */
async function dueOnly(ids: string[]) {
  await db.offerProbeSchedule.updateMany({ data: { nextProbeAt: new Date(Date.now() + 86_400_000) } });
  await db.offerProbeSchedule.updateMany({ where: { offerId: { in: ids } }, data: { nextProbeAt: new Date() } });
}

/**
 * Two outbound clients over one real one, each holding its first probe until the other has started
 * one (at most 5 s): on a busy machine one instance could otherwise probe the whole world before the
 * other's first lease, and "sharing" would depend on timing. If leasing handed every row to one
 * instance, the other never starts and the test fails after the wait.
 */
function pairedOutbounds(): [SafeOutbound, SafeOutbound, () => Promise<void>] {
  const real = createSafeOutbound({ connectTimeoutMs: SETTINGS.timeoutMs });
  const started: (() => void)[] = [];
  const begun = [0, 1].map((i) => new Promise<void>((resolve) => (started[i] = resolve)));
  const side = (i: number): SafeOutbound => ({
    async send(request) {
      started[i]!();
      await Promise.race([begun[1 - i], new Promise((r) => setTimeout(r, 5_000))]);
      return real.send(request);
    },
    close: async () => {},
  });
  return [side(0), side(1), () => real.close()];
}

describe("two instances on one database", () => {
  it("probe every x402 offer exactly once per interval, sharing the work", { timeout: 120_000 }, async () => {
    const [outA, outB, closeOutbound] = pairedOutbounds();
    const a = createProbeScheduler({ ...SETTINGS, instanceId: "instance-a", outbound: outA });
    const b = createProbeScheduler({ ...SETTINGS, instanceId: "instance-b", outbound: outB });
    a.start();
    b.start();
    await Promise.all([a.idle(), b.idle()]);
    const x402 = await db.offer.count({ where: { protocol: "x402" } });
    expect(await db.offerProbeSchedule.count()).toBe(x402);
    const perOffer = await sqlQuery<{ n: number }>(
      Prisma.sql`SELECT count(*)::int AS n FROM offer_probes GROUP BY offer_id`,
    );
    expect(perOffer.length).toBe(x402);
    expect(perOffer.every((r) => r.n === 1)).toBe(true);
    expect(a.recorded + b.recorded).toBe(x402);
    expect(a.recorded).toBeGreaterThan(0);
    expect(b.recorded).toBeGreaterThan(0);

    // Within the interval nothing is due: another pass of both probes nothing.
    await Promise.all([a.idle(), b.idle()]);
    expect(await db.offerProbe.count()).toBe(x402);

    // The interval has passed: each offer once more, by either instance.
    await db.offerProbeSchedule.updateMany({ data: { nextProbeAt: new Date() } });
    await Promise.all([a.idle(), b.idle()]);
    await Promise.all([a.stop(), b.stop()]);
    await closeOutbound();
    const twice = await sqlQuery<{ n: number }>(
      Prisma.sql`SELECT count(*)::int AS n FROM offer_probes GROUP BY offer_id`,
    );
    expect(twice.length).toBe(x402);
    expect(twice.every((r) => r.n === 2)).toBe(true);
    // Every lease was handed back with the next time an interval away.
    expect(await db.offerProbeSchedule.count({ where: { leasedBy: { not: null } } })).toBe(0);
    expect(await db.offerProbeSchedule.count({ where: { nextProbeAt: { lt: new Date(Date.now() + 590_000) } } })).toBe(
      0,
    );
  });

  it("the health of the sandbox world: its profiles as the probes found them", async () => {
    const health = new Map((await db.offerHealth.findMany()).map((h) => [h.offerId, h]));
    const expected = (o: SandboxOffer) => {
      const kind = label(profileOf(o.slug));
      if (kind === "v1-header") return ["non_conformant", ["x402_version_2"]];
      if (kind === "legacy-network") return ["non_conformant", ["network_caip2"]];
      if (kind === "missing-header") return ["non_conformant", ["payment_required_header"]];
      if (kind === "price-mismatch" && !dynamic.has(o.id)) return ["non_conformant", ["amount_matches_price"]];
      // Healthy, slow, and flaky ones (their first two calls answer), and a dynamic price asked twice.
      return ["conformant", []];
    };
    for (const o of offers) {
      const h = health.get(o.id)!;
      expect([o.slug, h.state, h.failedChecks]).toEqual([o.slug, ...expected(o)]);
      expect([o.slug, h.uptime24h, h.probes30d]).toEqual([o.slug, 100, 2]);
    }
    // A slow provider's median is its delay (350 ms or more).
    const slow = offers.find((o) => profileOf(o.slug).kind === "slow")!;
    expect(health.get(slow.id)!.latencyP50Ms).toBeGreaterThanOrEqual(350);
  });

  it("a price mismatch opened one non-blocking price change per offer, a legacy network name none", async () => {
    const mismatched = offers.filter((o) => label(profileOf(o.slug)) === "price-mismatch" && !dynamic.has(o.id));
    expect(mismatched.length).toBeGreaterThan(0);
    for (const o of mismatched) {
      const changes = await db.offerTermsChange.findMany({ where: { offerId: o.id } });
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({
        fields: ["price"],
        blocking: false,
        resolvedAt: null,
        catalogued: { amountAtomic: String(o.priceAtomic) },
        observed: { amountAtomic: String(o.priceAtomic * 2), payTo: o.payTo },
      });
      expect(await routingStop(o.id)).toBeNull();
    }
    const others = offers.filter((o) => !mismatched.includes(o)).map((o) => o.id);
    expect(await db.offerTermsChange.count({ where: { offerId: { in: others } } })).toBe(0);
  });
});

describe("payment terms that change", () => {
  it("payTo changed in the catalogue: one blocking open change, not duplicated by the next probe", async () => {
    const o = offers.find((x) => label(profileOf(x.slug)) === "healthy" && !dynamic.has(x.id))!;
    const listed = "0x" + "77".repeat(20);
    await db.offer.update({ where: { id: o.id }, data: { payTo: listed } });
    await dueOnly([o.id]);
    await onePass();
    const [first, ...more] = await db.offerTermsChange.findMany({ where: { offerId: o.id } });
    expect(more).toHaveLength(0);
    expect(first).toMatchObject({
      fields: ["payTo"],
      blocking: true,
      resolvedAt: null,
      catalogued: { payTo: listed, amountAtomic: String(o.priceAtomic) },
      observed: { payTo: o.payTo },
    });
    expect(await routingStop(o.id)).toMatchObject({ fields: ["payTo"], blocking: true });
    const [probe] = (await probesOf(o.id)).slice(-1);
    expect(probe).toMatchObject({ verdict: "non_conformant", failedChecks: ["pay_to_matches"] });

    await dueOnly([o.id]);
    await onePass();
    const again = await db.offerTermsChange.findMany({ where: { offerId: o.id } });
    expect(again).toHaveLength(1);
    expect(again[0]!.detectedAt).toEqual(first!.detectedAt);

    // The catalogue goes back to what the provider says: the change stays open for an operator.
    await db.offer.update({ where: { id: o.id }, data: { payTo: o.payTo } });
    await dueOnly([o.id]);
    await onePass();
    expect(await db.offerTermsChange.count({ where: { offerId: o.id, resolvedAt: null } })).toBe(1);
    expect((await probesOf(o.id)).at(-1)).toMatchObject({ verdict: "conformant" });
  });
});

describe("hostile providers", () => {
  it(
    "hang, stream forever, redirect to 127.0.0.1, answer 10 MB: bounded, recorded with a reason, no stall",
    { timeout: 60_000 },
    async () => {
      const start = (handler: Parameters<typeof startHostile>[0]) =>
        startHostile(handler).then((h) => (hostiles.push(h), h));
      const hang = await start(() => {}); // never answers
      const flood = await start((_req, res) => {
        res.writeHead(402);
        const chunk = Buffer.alloc(1024, "x");
        const timer = setInterval(() => res.write(chunk), 1);
        res.on("close", () => clearInterval(timer));
      });
      const drip = await start((_req, res) => {
        res.writeHead(402);
        const timer = setInterval(() => res.write("x"), 100);
        res.on("close", () => clearInterval(timer));
      });
      const redirect = await start((_req, res) =>
        res.writeHead(302, { location: `${sandbox.url}/${offers[0]!.slug}${offers[0]!.path}` }).end(),
      );
      const huge = await start((_req, res) => {
        res.writeHead(402, { "content-length": String(10 * 1024 * 1024) });
        res.end(Buffer.alloc(10 * 1024 * 1024, "y"));
      });
      const hugeChunked = await start((_req, res) => {
        res.writeHead(402);
        res.end(Buffer.alloc(10 * 1024 * 1024, "z"));
      });
      const ids = {
        hang: await createTestOffer(hang.url, "/hang"),
        flood: await createTestOffer(flood.url, "/flood"),
        drip: await createTestOffer(drip.url, "/drip"),
        redirect: await createTestOffer(redirect.url, "/redirect"),
        huge: await createTestOffer(huge.url, "/huge"),
        hugeChunked: await createTestOffer(hugeChunked.url, "/huge-chunked"),
        refused: await createTestOffer("http://169.254.169.254", "/latest/meta-data"),
      };
      const healthy = offers.filter((o) => profileOf(o.slug).kind === "healthy").slice(0, 6);
      // The new offers get their schedule rows (due now) from the scheduler itself.
      await db.offerProbeSchedule.updateMany({ data: { nextProbeAt: new Date(Date.now() + 86_400_000) } });
      await db.offerProbeSchedule.updateMany({
        where: { offerId: { in: healthy.map((o) => o.id) } },
        data: { nextProbeAt: new Date() },
      });

      const timeoutMs = 4_000;
      const began = Date.now();
      await onePass({ timeoutMs, hostConcurrency: 1, concurrency: 8 });
      const took = Date.now() - began;
      // Everything ran side by side: the pass took about one timeout, not one per hostile provider.
      expect(took).toBeLessThan(2 * timeoutMs);

      const last = async (id: string) => (await probesOf(id)).at(-1)!;
      expect(await last(ids.hang)).toMatchObject({
        verdict: "unreachable",
        status: null,
        detail: "no whole answer within 4000 ms",
      });
      expect(await last(ids.drip)).toMatchObject({ verdict: "unreachable", detail: "no whole answer within 4000 ms" });
      for (const id of [ids.flood, ids.huge, ids.hugeChunked])
        expect(await last(id)).toMatchObject({ verdict: "unreachable", detail: "the answer exceeded 65536 bytes" });
      expect((await last(ids.huge)).latencyMs).toBeLessThan(timeoutMs);
      expect(await last(ids.redirect)).toMatchObject({
        verdict: "non_conformant",
        status: 302,
        failedChecks: ["answers_402"],
      });
      // Refused by the address policy: nothing recorded, looked at again an interval later.
      expect(await probesOf(ids.refused)).toHaveLength(0);
      const refusedRow = await db.offerProbeSchedule.findUniqueOrThrow({ where: { offerId: ids.refused } });
      expect(refusedRow.leasedBy).toBeNull();
      expect(refusedRow.nextProbeAt.getTime()).toBeGreaterThan(Date.now() + SETTINGS.intervalMs - 60_000);

      // The healthy providers were probed (and recorded) while the hanging one was still held.
      const hangAt = (await last(ids.hang)).probedAt.getTime();
      for (const o of healthy) {
        const p = await last(o.id);
        expect(p.verdict).toBe("conformant");
        expect(p.probedAt.getTime()).toBeLessThan(hangAt);
      }
      expect((await db.offerHealth.findUniqueOrThrow({ where: { offerId: ids.hang } })).state).toBe("unreachable");

      // A deleted offer's schedule row goes with it.
      await db.offer.delete({ where: { id: ids.hang } });
      expect(await db.offerProbeSchedule.count({ where: { offerId: ids.hang } })).toBe(0);
    },
  );
});
