// e2e support, run beside the app under test (runBesideApp): records probes of a service's offers
// the way the probe scheduler stores them, hourly over the last `--days` days (an outage day, a day
// with timeouts, the oldest days without probes), and each offer's derived health row, so the
// service page's health section has figures without waiting for the scheduler. `--non-conformant`
// makes the first offer's answers fail two checks; `--terms-change` opens a blocking payee change on
// the first x402 offer, as if the listing had named another payee: the observed payee is the offer's
// own (its sandbox provider's), so confirming it leaves the sandbox world as it is and later probes
// agree with it. Prints one JSON line: {"probes": n, "changeId": …, "offerId": …, "cataloguedPayTo": …}.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { ensureDatabaseThenRun } from "../../../scripts/lib/with-database";

const { values: args } = parseArgs({
  options: {
    slug: { type: "string" },
    days: { type: "string", default: "20" },
    "non-conformant": { type: "boolean", default: false },
    "terms-change": { type: "boolean", default: false },
  },
});
if (!args.slug) throw new Error("--slug is required");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Probe {
  offerId: string;
  probedAt: Date;
  verdict: "conformant" | "non_conformant" | "unreachable";
  status: number | null;
  latencyMs: number;
  failedChecks: string[];
  detail: string | null;
}

const up = (p: Probe) => p.status !== null && p.status < 500;
const pct = (ps: Probe[]) => (ps.length === 0 ? null : Math.round((ps.filter(up).length / ps.length) * 10_000) / 100);
const disc = (xs: number[], q: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(q * s.length) - 1)]!;
};

if (await ensureDatabaseThenRun("e2e/ui/pages/record-probes.ts")) {
  const { db, closeDatabase } = await import("../../../server/db");
  try {
    const now = Date.now();
    const service = await db.service.findUniqueOrThrow({
      where: { slug: args.slug },
      select: {
        offers: {
          select: { id: true, protocol: true, payTo: true, network: true, asset: true, priceAtomic: true },
          orderBy: [{ position: "asc" }, { id: "asc" }],
        },
      },
    });
    const days = Number(args.days);
    const probes: Probe[] = [];
    service.offers.forEach((offer, o) => {
      const failing = args["non-conformant"] && o === 0;
      for (let h = 0; h < days * 24; h++) {
        const ageDays = Math.floor(h / 24);
        // Day 6 ago: an outage (every other probe 503); day 3 ago: a few timeouts.
        const outage = ageDays === 6 && h % 2 === 0;
        const timeout = ageDays === 3 && h % 8 === 0;
        const latencyMs = 90 + ((h * 53 + o * 17) % 160) + (h % 24 === 9 ? 400 : 0);
        probes.push({
          offerId: offer.id,
          probedAt: new Date(now - h * HOUR - 60_000),
          verdict: outage || timeout ? "unreachable" : failing ? "non_conformant" : "conformant",
          status: timeout ? null : outage ? 503 : 402,
          latencyMs: timeout ? 10_000 : latencyMs,
          failedChecks: failing && !outage && !timeout ? ["network_caip2", "amount_matches_price"] : [],
          detail: timeout ? "timeout" : outage ? "status 503" : null,
        });
      }
    });
    await db.offerProbe.createMany({ data: probes });
    // Each offer's health row as the scheduler derives it (docs: state from the last three probes
    // and the latest answered one; uptime per window; latency over the last 7 days' answered probes).
    for (const offer of service.offers) {
      const mine = probes.filter((p) => p.offerId === offer.id).sort((a, b) => +b.probedAt - +a.probedAt);
      const within = (ms: number) => mine.filter((p) => now - +p.probedAt <= ms);
      const lastAnswered = mine.find(up);
      const state = mine.slice(0, 3).every((p) => !up(p)) ? "unreachable" : lastAnswered!.verdict;
      const week = within(7 * DAY)
        .filter(up)
        .map((p) => p.latencyMs);
      const data = {
        state,
        failedChecks: state === "non_conformant" ? lastAnswered!.failedChecks : [],
        uptime24h: pct(within(DAY)),
        uptime7d: pct(within(7 * DAY)),
        uptime30d: pct(within(30 * DAY)),
        latencyP50Ms: disc(week, 0.5),
        latencyP95Ms: disc(week, 0.95),
        probes30d: within(30 * DAY).length,
        lastProbedAt: mine[0]?.probedAt ?? null,
      };
      await db.offerHealth.upsert({
        where: { offerId: offer.id },
        create: { offerId: offer.id, ...data },
        update: data,
      });
    }
    let change: { changeId: string; offerId: string; cataloguedPayTo: string } | null = null;
    const x402 = service.offers.find((o) => o.protocol === "x402" && o.payTo);
    if (args["terms-change"] && x402) {
      const observed = {
        payTo: x402.payTo,
        network: x402.network,
        asset: x402.asset,
        amountAtomic: String(x402.priceAtomic),
      };
      const cataloguedPayTo = `0x${randomBytes(20).toString("hex")}`;
      const data = {
        detectedAt: new Date(now - 2 * HOUR),
        fields: ["payTo"],
        blocking: true,
        catalogued: { ...observed, payTo: cataloguedPayTo },
        observed,
      };
      // At most one open change per offer: one the scheduler opened already takes these terms.
      const open = await db.offerTermsChange.findFirst({ where: { offerId: x402.id, resolvedAt: null } });
      const row = open
        ? await db.offerTermsChange.update({ where: { id: open.id }, data })
        : await db.offerTermsChange.create({ data: { offerId: x402.id, ...data } });
      change = { changeId: row.id, offerId: x402.id, cataloguedPayTo };
    }
    console.log(JSON.stringify({ probes: probes.length, ...change }));
  } finally {
    await closeDatabase();
  }
}
