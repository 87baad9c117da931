// marketplace_probe_results_total moves once per recorded probe, by its verdict.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createTestOffer, startHostile, type Hostile } from "@/test/probes/hostile-provider";
import { deltas, metricValue } from "@/test/metrics/metric-values";
import { addMissingScheduleRows } from "./probe-schedule";
import { createProbeScheduler } from "./probe-scheduler";

const hostiles: Hostile[] = [];
afterAll(() => Promise.all(hostiles.map((h) => h.close())));

const verdict = (v: string) => ["marketplace_probe_results_total", { verdict: v }] as [string, Record<string, string>];

describe("probe metrics", () => {
  it("each recorded probe counts its verdict", async () => {
    // A 200 where a 402 belongs: non_conformant. A connection dropped before any answer: unreachable.
    const plain = await startHostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    const drop = await startHostile((req) => req.socket.destroy());
    hostiles.push(plain, drop);
    const ids = [await createTestOffer(plain.url, "/plain"), await createTestOffer(drop.url, "/drop")];
    await addMissingScheduleRows();
    // Only these two are due.
    await db.offerProbeSchedule.updateMany({ data: { nextProbeAt: new Date(Date.now() + 86_400_000) } });
    await db.offerProbeSchedule.updateMany({ where: { offerId: { in: ids } }, data: { nextProbeAt: new Date() } });

    const all = async () =>
      (
        await Promise.all(["conformant", "non_conformant", "unreachable"].map((v) => metricValue(...verdict(v))))
      ).reduce((a, b) => a + b);
    const before = await all();
    let recorded = 0;
    const moved = await deltas({ non: verdict("non_conformant"), unreachable: verdict("unreachable") }, async () => {
      const s = createProbeScheduler({
        intervalMs: 600_000,
        timeoutMs: 3_000,
        maxBytes: 64 * 1024,
        hostConcurrency: 2,
        hostSpacingMs: 0,
        concurrency: 4,
      });
      s.start();
      await s.idle();
      await s.stop();
      recorded = s.recorded;
    });
    expect(moved).toEqual({ non: 1, unreachable: 1 });
    expect(recorded).toBe(2);
    expect((await all()) - before).toBe(recorded);
    const verdicts = await db.offerProbe.findMany({ where: { offerId: { in: ids } }, select: { verdict: true } });
    expect(verdicts.map((p) => p.verdict).sort()).toEqual(["non_conformant", "unreachable"]);
  });
});
