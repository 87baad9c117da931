// What the probe scheduler would have written, inserted directly (tests of where health shows run
// without probing): an offer's offer_health row and its payment-terms changes. Test files pass
// their own Prisma client (only tests and server/** may import the database module).
import type { PrismaClient } from "@/server/generated/prisma/client";
import type { HealthState } from "@/server/probes/conformance-checks";

export interface HealthRow {
  state: HealthState;
  failedChecks?: string[];
  uptime24h?: number | null;
  uptime7d?: number | null;
  uptime30d?: number | null;
  latencyP50Ms?: number | null;
  latencyP95Ms?: number | null;
  probes30d?: number;
  lastProbedAt?: Date | null;
}

export interface ChangeRow {
  blocking: boolean;
  fields: ("payTo" | "network" | "asset" | "price")[];
  detectedAt?: Date;
  resolvedAt?: Date | null;
  resolution?: "confirmed" | "reimported" | null;
  catalogued?: Record<string, string | null>;
  observed?: Record<string, string | null>;
}

export const CATALOGUED_TERMS = {
  payTo: `0x${"11".repeat(20)}`,
  network: "eip155:84532",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  amountAtomic: "1000",
};
export const OBSERVED_TERMS = { ...CATALOGUED_TERMS, payTo: `0x${"22".repeat(20)}` };

export function healthRows(db: PrismaClient) {
  /** Writes (or rewrites) an offer's health row. */
  async function setHealth(offerId: string, row: HealthRow): Promise<void> {
    const data = {
      state: row.state,
      failedChecks: row.failedChecks ?? [],
      uptime24h: row.uptime24h ?? null,
      uptime7d: row.uptime7d ?? null,
      uptime30d: row.uptime30d ?? null,
      latencyP50Ms: row.latencyP50Ms ?? null,
      latencyP95Ms: row.latencyP95Ms ?? null,
      probes30d: row.probes30d ?? 0,
      lastProbedAt: row.lastProbedAt ?? null,
    };
    await db.offerHealth.upsert({ where: { offerId }, create: { offerId, ...data }, update: data });
  }

  /** A healthy offer's row: conformant, the given uptime over every window. */
  const conformant = (offerId: string, uptime = 100) =>
    setHealth(offerId, {
      state: "conformant",
      uptime24h: uptime,
      uptime7d: uptime,
      uptime30d: uptime,
      latencyP50Ms: 120,
      latencyP95Ms: 340,
      probes30d: 144,
      lastProbedAt: new Date("2026-11-28T02:50:00Z"),
    });

  /** Records a payment-terms change of an offer (open unless resolvedAt is given); its id. */
  async function addChange(offerId: string, change: ChangeRow): Promise<string> {
    const row = await db.offerTermsChange.create({
      data: {
        offerId,
        blocking: change.blocking,
        fields: change.fields,
        detectedAt: change.detectedAt ?? new Date("2026-11-28T02:40:00Z"),
        catalogued: change.catalogued ?? CATALOGUED_TERMS,
        observed: change.observed ?? OBSERVED_TERMS,
        resolvedAt: change.resolvedAt ?? null,
        resolution: change.resolution ?? null,
        resolvedBy: change.resolvedAt ? "test" : null,
      },
      select: { id: true },
    });
    return row.id;
  }

  return { setHealth, conformant, addChange };
}
