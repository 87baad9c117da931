// Reading what the probes derived (offer_health) and the open payment-terms changes, for records,
// lists, pages, the shortlist and the observer. The rows are written by the probe scheduler
// (record-probe.ts); reading them is one indexed statement for any number of offers.
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";
import { UNPROBED, offerHealthObject, type OfferHealthObject, type TermsChange } from "./health-schema";
import type { ConformanceCheck, HealthState } from "./conformance-checks";

interface Row {
  offer_id: string;
  state: string | null;
  failed_checks: string[] | null;
  uptime_24h: number | null;
  uptime_7d: number | null;
  uptime_30d: number | null;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  probes_30d: number | null;
  last_probed_at: Date | null;
  change_detected_at: Date | null;
  change_fields: string[] | null;
  change_blocking: boolean | null;
  change_catalogued: TermsChange["catalogued"] | null;
  change_observed: TermsChange["observed"] | null;
}

/** A terms change row as the public object. */
export function termsChangeObject(r: {
  detectedAt: Date;
  fields: string[];
  blocking: boolean;
  catalogued: unknown;
  observed: unknown;
  resolvedAt: Date | null;
  resolution: string | null;
}): TermsChange {
  return {
    detectedAt: r.detectedAt.toISOString(),
    fields: r.fields as TermsChange["fields"],
    blocking: r.blocking,
    catalogued: r.catalogued as TermsChange["catalogued"],
    observed: r.observed as TermsChange["observed"],
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolution: r.resolution as TermsChange["resolution"],
  };
}

/** The health of each offer (unprobed when none was recorded), with its open terms change. */
export async function offerHealthFor(offerIds: readonly string[]): Promise<Map<string, OfferHealthObject>> {
  const result = new Map<string, OfferHealthObject>();
  if (offerIds.length === 0) return result;
  const rows = await sqlQuery<Row>(Prisma.sql`
    SELECT o.id AS offer_id, h.state, h.failed_checks, h.uptime_24h, h.uptime_7d, h.uptime_30d,
           h.latency_p50_ms, h.latency_p95_ms, h.probes_30d, h.last_probed_at,
           c.detected_at AS change_detected_at, c.fields AS change_fields, c.blocking AS change_blocking,
           c.catalogued AS change_catalogued, c.observed AS change_observed
    FROM unnest(${offerIds as string[]}::text[]) AS o(id)
    LEFT JOIN offer_health h ON h.offer_id = o.id
    LEFT JOIN offer_terms_changes c ON c.offer_id = o.id AND c.resolved_at IS NULL`);
  for (const r of rows) {
    const open =
      r.change_detected_at === null
        ? null
        : termsChangeObject({
            detectedAt: r.change_detected_at,
            fields: r.change_fields ?? [],
            blocking: r.change_blocking === true,
            catalogued: r.change_catalogued,
            observed: r.change_observed,
            resolvedAt: null,
            resolution: null,
          });
    const row =
      r.state === null
        ? UNPROBED
        : {
            state: r.state as HealthState,
            failedChecks: (r.failed_checks ?? []) as ConformanceCheck[],
            uptime24h: r.uptime_24h,
            uptime7d: r.uptime_7d,
            uptime30d: r.uptime_30d,
            latencyP50Ms: r.latency_p50_ms,
            latencyP95Ms: r.latency_p95_ms,
            probes30d: r.probes_30d ?? 0,
            lastProbedAt: r.last_probed_at,
          };
    result.set(r.offer_id, offerHealthObject(row, open));
  }
  return result;
}

/** The open blocking terms change of an offer, if any: the observer then forwards nothing (409). */
export async function routingStop(offerId: string): Promise<TermsChange | null> {
  const [row] = await sqlQuery<{
    detected_at: Date;
    fields: string[];
    catalogued: unknown;
    observed: unknown;
  }>(Prisma.sql`
    SELECT detected_at, fields, catalogued, observed FROM offer_terms_changes
    WHERE offer_id = ${offerId} AND resolved_at IS NULL AND blocking`);
  return row
    ? termsChangeObject({
        detectedAt: row.detected_at,
        fields: row.fields,
        blocking: true,
        catalogued: row.catalogued,
        observed: row.observed,
        resolvedAt: null,
        resolution: null,
      })
    : null;
}
