// What a finished probe leaves behind: its offer_probes row (only while this instance still holds
// the offer's lease, in the same statement that hands the schedule row back with its next time, so a
// probe whose lease another instance took over is never recorded twice), the offer's health rewritten,
// and a payment-terms change opened or widened when the 402 stated other terms than the catalogue
// (with, in its transaction, the re-test a tested service is owed when the offer still routes).
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";
import { countProbeResult } from "../metrics/probe-metrics";
import { enqueueRetestAfterTermsChange } from "../test-jobs/enqueue-test-job";
import { inTransaction } from "../transaction";
import type { CataloguedTerms } from "./conformance";
import type { ProbeRecord } from "./probe-offer";
import { recomputeOfferHealth } from "./recompute-health";
import { cataloguedJson, observedJson, termsDifference } from "./terms-diff";

/** Stores the probe if `instanceId` still holds the offer's lease; false when it no longer does. */
export async function recordProbe(
  offerId: string,
  record: ProbeRecord,
  catalogued: CataloguedTerms,
  lease: { instanceId: string; intervalMs: number },
): Promise<boolean> {
  const [stored] = await sqlQuery<{ id: string }>(Prisma.sql`
    WITH held AS (
      UPDATE offer_probe_schedule
      SET next_probe_at = now() + ${lease.intervalMs} * interval '1 millisecond', leased_until = NULL, leased_by = NULL
      WHERE offer_id = ${offerId} AND leased_by = ${lease.instanceId}
      RETURNING offer_id
    )
    INSERT INTO offer_probes (offer_id, verdict, status, latency_ms, failed_checks, detail, terms)
    SELECT offer_id, ${record.verdict}, ${record.status}::int, ${record.latencyMs}::int,
           ${record.failedChecks as string[]}::text[], ${record.detail}, ${record.terms === null ? null : JSON.stringify(record.terms)}::jsonb
    FROM held
    RETURNING id::text`);
  if (!stored) return false;
  countProbeResult(record.verdict);
  await recomputeOfferHealth(offerId);
  if (record.terms !== null) await noteTermsChange(offerId, catalogued, record.terms);
  return true;
}

const FIELD_ORDER = ["payTo", "network", "asset", "price"];

/**
 * Opens the offer's one open terms change, or widens it: a repeated observation changes nothing; a
 * new difference adds its field (blocking stays once set) and the latest observed terms; a difference
 * that went away leaves the change open (the provider went back, or flips between payees: an operator
 * decides, by confirming or re-importing). Written only while the catalogue still lists the terms the
 * probe was compared with, so an operator's confirmation meanwhile is not undone by a stale comparison.
 * A change opened or widened (not a repeated observation) that is not blocking owes a tested service a
 * re-test, enqueued in the same transaction; a blocking one waits for the operator's confirmation.
 */
export async function noteTermsChange(
  offerId: string,
  catalogued: CataloguedTerms,
  observed: NonNullable<ProbeRecord["terms"]>,
): Promise<void> {
  const diff = termsDifference(catalogued, observed);
  if (diff === null) return;
  await inTransaction(undefined, async (tx) => {
    const written = await tx.$queryRaw<{ blocking: boolean }[]>(Prisma.sql`
    INSERT INTO offer_terms_changes AS c (id, offer_id, detected_at, fields, blocking, catalogued, observed)
    SELECT gen_random_uuid(), o.id, now(), ${diff.fields as string[]}::text[], ${diff.blocking},
           ${JSON.stringify(cataloguedJson(catalogued))}::jsonb, ${JSON.stringify(observedJson(observed))}::jsonb
    FROM offers o
    WHERE o.id = ${offerId} AND o.pay_to IS NOT DISTINCT FROM ${catalogued.payTo}
      AND o.network IS NOT DISTINCT FROM ${catalogued.network} AND o.asset IS NOT DISTINCT FROM ${catalogued.asset}
      AND o.price_atomic = ${catalogued.priceAtomic}
    ON CONFLICT (offer_id) WHERE resolved_at IS NULL DO UPDATE SET
      fields = ARRAY(SELECT f FROM unnest(${FIELD_ORDER}::text[]) WITH ORDINALITY AS u(f, n)
                     WHERE f = ANY(c.fields) OR f = ANY(excluded.fields) ORDER BY n),
      blocking = c.blocking OR excluded.blocking,
      observed = excluded.observed
    WHERE NOT (excluded.fields <@ c.fields) OR c.observed IS DISTINCT FROM excluded.observed
    RETURNING blocking`);
    if (written[0] && !written[0].blocking) await enqueueRetestAfterTermsChange(tx, offerId);
  });
}
