// What the shortlist makes of the probes' observations: failing endpoints, protocol twins, the
// fit reason's words and time (the health objects as offerHealthObject builds them).
import { describe, expect, it } from "vitest";
import { UNPROBED, offerHealthObject, type OfferHealthRow, type TermsChange } from "../probes/health-schema";
import { CONFORMANCE_CHECK_TEXT } from "../probes/conformance-checks";
import { observeOffers } from "./observed-health";

const AT = new Date("2026-11-28T04:10:27.512Z");
const row = (over: Partial<OfferHealthRow>): OfferHealthRow => ({
  ...UNPROBED,
  state: "conformant",
  uptime24h: 99.3,
  uptime7d: 99.5,
  uptime30d: 99.6,
  latencyP50Ms: 120,
  latencyP95Ms: 300,
  probes30d: 4000,
  lastProbedAt: AT,
  ...over,
});
const payeeChange: TermsChange = {
  detectedAt: "2026-11-28T03:50:00.000Z",
  fields: ["payTo"],
  blocking: true,
  catalogued: { payTo: "0xa", network: "eip155:84532", asset: "0xu", amountAtomic: "1000" },
  observed: { payTo: "0xb", network: "eip155:84532", asset: "0xu", amountAtomic: "1000" },
  resolvedAt: null,
  resolution: null,
};
const offer = (
  id: string,
  path: string,
  r: OfferHealthRow | null,
  open: TermsChange | null = null,
  protocol = "x402",
) => ({
  id,
  protocol,
  method: "POST",
  path,
  health: offerHealthObject(r ?? UNPROBED, open),
});

describe("observeOffers", () => {
  it("says nothing and judges nothing without probes", () => {
    const o = observeOffers([offer("a", "/a", null), offer("b", "/b", null)]);
    expect(o).toEqual({ failing: false, failingOffers: new Set(), reason: null });
  });

  it("states a conformant service's uptime and last probe time", () => {
    expect(observeOffers([offer("a", "/a", row({}))]).reason).toBe(
      "Probed by the marketplace: conformant x402 v2, 99.3 % uptime over 24 h, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC)",
    );
    // No probe in the last 24 hours: no uptime figure, the time of the last probe.
    expect(observeOffers([offer("a", "/a", row({ uptime24h: null }))]).reason).toBe(
      "Probed by the marketplace: conformant x402 v2, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC)",
    );
    // Only some endpoints probed: it says how many.
    expect(observeOffers([offer("a", "/a", row({ uptime24h: 100 })), offer("b", "/b", null)]).reason).toBe(
      "Probed by the marketplace (1 of 2 endpoints): conformant x402 v2, 100 % uptime over 24 h, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC)",
    );
  });

  it("states the probes' median latency over 7 days: one figure, the range across endpoints, none without answered probes", () => {
    const two = observeOffers([
      offer("a", "/a", row({ latencyP50Ms: 85 })),
      offer("b", "/b", row({ latencyP50Ms: 340 })),
      offer("c", "/c", row({ latencyP50Ms: null })),
    ]);
    expect(two.reason).toBe(
      "Probed by the marketplace: conformant x402 v2, 99.3 % uptime over 24 h, median latency 85–340 ms over 7 days (last probe 2026-11-28 04:10 UTC)",
    );
    // No answered probe in the last 7 days (and none in 24 h): neither figure, only the time.
    expect(observeOffers([offer("a", "/a", row({ uptime24h: null, latencyP50Ms: null }))]).reason).toBe(
      "Probed by the marketplace: conformant x402 v2 (last probe 2026-11-28 04:10 UTC)",
    );
    // An endpoint left out by the request's constraints does not lend its latency.
    const x = offer("x", "/x", row({ latencyP50Ms: 90 }));
    const y = offer("y", "/y", row({ latencyP50Ms: 900 }));
    expect(observeOffers([x, y], [x]).reason).toContain("median latency 90 ms over 7 days");
  });

  it("names the failed checks in plain words, unreachability by its probes, and a stopped routing", () => {
    const nonConformant = observeOffers([
      offer("a", "/a", row({ state: "non_conformant", failedChecks: ["network_caip2"] })),
    ]);
    expect(nonConformant.failing).toBe(true);
    expect(nonConformant.reason).toBe(
      `Probed by the marketplace: non-conformant x402, failed check: ${CONFORMANCE_CHECK_TEXT.network_caip2}; 99.3 % uptime over 24 h, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC); no endpoint is offered as the purchase link`,
    );
    const down = observeOffers([offer("a", "/a", row({ state: "unreachable", uptime24h: 20 }))]);
    expect(down.reason).toBe(
      "Probed by the marketplace: unreachable in the last 3 probes, 20 % uptime over 24 h, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC); no endpoint is offered as the purchase link",
    );
    expect(observeOffers([offer("a", "/a", row({ state: "unreachable", probes30d: 1 }))]).reason).toContain(
      "unreachable in its last probe",
    );
    const stopped = observeOffers([offer("a", "/a", row({}), payeeChange)]);
    expect(stopped.failing).toBe(true);
    expect(stopped.reason).toContain(
      "conformant x402 v2; routing stopped since 2026-11-28 03:50 UTC: its 402 names another payee (payTo) than the catalog",
    );
    // A price change alone stops nothing.
    const priced = observeOffers([offer("a", "/a", row({}), { ...payeeChange, fields: ["price"], blocking: false })]);
    expect(priced.failing).toBe(false);
  });

  it("is failing only when every observed endpoint fails, and lists each endpoint when they differ", () => {
    const mixed = observeOffers([
      offer("a", "/a", row({ uptime24h: 100 })),
      offer("b", "/b", row({ state: "unreachable", uptime24h: 0 })),
    ]);
    expect(mixed.failing).toBe(false);
    expect([...mixed.failingOffers]).toEqual(["b"]);
    expect(mixed.reason).toBe(
      "Probed by the marketplace: POST /a conformant x402 v2; POST /b unreachable in the last 3 probes; 50 % uptime over 24 h, median latency 120 ms over 7 days (last probe 2026-11-28 04:10 UTC)",
    );
    // An unprobed endpoint beside a failing one does not vouch for the service.
    const rest = observeOffers([offer("a", "/a", row({ state: "unreachable" })), offer("b", "/b", null)]);
    expect(rest.failing).toBe(true);
    expect([...rest.failingOffers]).toEqual(["a"]);
  });

  it("gives an unprobed protocol twin its endpoint's health, also when only the twin may be bought", () => {
    const x402 = offer("x", "/t", row({ state: "unreachable" }));
    const mpp = offer("m", "/t", null, null, "mpp");
    const all = observeOffers([x402, mpp]);
    expect(all.failing).toBe(true);
    expect([...all.failingOffers].sort()).toEqual(["m", "x"]);
    const onlyMpp = observeOffers([x402, mpp], [mpp]);
    expect(onlyMpp.failing).toBe(true);
    expect([...onlyMpp.failingOffers]).toEqual(["m"]);
    expect(onlyMpp.reason).toContain("unreachable in the last 3 probes");
  });
});
