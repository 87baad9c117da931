// The dashboard's procedures: operators only (members FORBIDDEN, signed out UNAUTHORIZED, as the
// other operator procedures), a range outside today/7d/30d is BAD_REQUEST, and an operator gets
// every panel in its schema's shape (the procedures check their output) on the seeded catalog, which has no
// purchases or channels yet.
import { describe, expect, it } from "vitest";
import { callerFor, createPerson, signedOutCaller } from "../test-callers";

const PANELS = ["sales", "purchases", "actions", "traffic", "probes", "channels", "refusals"] as const;

describe("operatorDashboard procedures", () => {
  it("FORBIDDEN for members, UNAUTHORIZED when signed out, for every panel", async () => {
    for (const [caller, code] of [
      [await callerFor(await createPerson("member")), "FORBIDDEN"],
      [await signedOutCaller(), "UNAUTHORIZED"],
    ] as const)
      for (const panel of PANELS)
        await expect(caller.operatorDashboard[panel]({ range: "7d" }), panel).rejects.toMatchObject({ code });
  });

  it("BAD_REQUEST for a range it does not offer, a missing range or extra fields", async () => {
    const op = await callerFor(await createPerson("operator"));
    for (const input of [
      { range: "1y" },
      { range: "" },
      {},
      { range: "7d", since: "2020-01-01" },
      { range: "7d\u0000" },
    ])
      for (const panel of PANELS)
        await expect(
          op.operatorDashboard[panel](input as never),
          `${panel} ${JSON.stringify(input)}`,
        ).rejects.toMatchObject({
          code: "BAD_REQUEST",
        });
  });

  it("answers every panel for every range to an operator", async () => {
    const op = await callerFor(await createPerson("operator"));
    for (const range of ["today", "7d", "30d"] as const) {
      const sales = await op.operatorDashboard.sales({ range });
      expect(sales.window.range).toBe(range);
      expect(sales.window.bucket).toBe(range === "today" ? "hour" : "day");
      expect((await op.operatorDashboard.purchases({ range })).open.total).toBe(0);
      expect((await op.operatorDashboard.actions({ range })).thresholdHours).toBe(23);
      expect((await op.operatorDashboard.traffic({ range })).window.range).toBe(range);
      expect((await op.operatorDashboard.probes({ range })).verdicts).toHaveLength(3);
      expect((await op.operatorDashboard.channels({ range })).channels).toBe(0);
      const refusals = await op.operatorDashboard.refusals({ range });
      expect(refusals.total).toBe(refusals.limiters.reduce((sum, l) => sum + l.refusals, 0));
    }
  });
});
