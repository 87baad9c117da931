// The shared schedule's lease on a real database: two instances leasing at the same moment both get
// work, never the same rows, and the per-host and total caps hold.
import { afterAll, beforeAll, expect, it } from "vitest";
import { checkoutConnection, db } from "@/server/db";
import { addMissingScheduleRows, leaseDueOffers } from "./probe-schedule";

const REQUEST = { perHost: 4, total: 8, leaseMs: 60_000, excludeHosts: [] as string[] };

beforeAll(async () => {
  await addMissingScheduleRows();
  await db.offerProbeSchedule.updateMany({ data: { nextProbeAt: new Date(Date.now() - 1_000), leasedUntil: null } });
});
afterAll(async () => {
  await db.offerProbeSchedule.updateMany({ data: { leasedBy: null, leasedUntil: null } });
});

it("gives the next due rows to an instance leasing while another holds the first ones", async () => {
  // Instance a's lease in flight: the rows every candidate window starts with (the seeded offers are
  // all on the sandbox's one host, so a host's share), locked, not yet stamped.
  const first = await db.offerProbeSchedule.findMany({
    orderBy: [{ nextProbeAt: "asc" }, { offerId: "asc" }],
    take: REQUEST.perHost,
    select: { offerId: true },
  });
  const held = first.map((r) => r.offerId);
  const a = await checkoutConnection();
  try {
    await a.query("BEGIN");
    await a.query("SELECT 1 FROM offer_probe_schedule WHERE offer_id = ANY($1::text[]) FOR UPDATE", [held]);
    const b = await leaseDueOffers({ ...REQUEST, instanceId: "instance-b" });
    expect(b).toHaveLength(REQUEST.perHost);
    expect(b.filter((o) => held.includes(o.id))).toEqual([]);
    const perHost = new Map<string, number>();
    for (const o of b) perHost.set(o.host, (perHost.get(o.host) ?? 0) + 1);
    expect(Math.max(...perHost.values())).toBeLessThanOrEqual(REQUEST.perHost);
  } finally {
    await a.query("ROLLBACK");
    a.release();
  }
  // The rows a held are still free; b's are leased to b and not handed out again.
  const c = await leaseDueOffers({ ...REQUEST, instanceId: "instance-c" });
  expect(c.length).toBeGreaterThan(0);
  const leasedToB = await db.offerProbeSchedule.findMany({
    where: { leasedBy: "instance-b" },
    select: { offerId: true },
  });
  expect(leasedToB).toHaveLength(REQUEST.perHost);
  expect(c.filter((o) => leasedToB.some((r) => r.offerId === o.id))).toEqual([]);
});
