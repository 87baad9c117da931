// An operator confirms the payment terms a probe observed: the offer takes the observed payee,
// network, asset and price (the fields that changed), and the change is resolved "confirmed" by that
// operator; the row stays as history. One transaction with the change row locked (SELECT … FOR
// UPDATE, so across instances too): of two confirmations at once the second sees the first's.
// A second click of the same operator answers the same result without writing again; a change
// resolved otherwise (re-imported, or confirmed by another operator) is refused, 409
// terms_change_resolved, since the operator decided on terms that may no longer be the offer's.
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { AppError } from "../errors";
import { bumpCatalogVersion } from "../search/catalog-version-cache";
import { Prisma } from "../generated/prisma/client";
import { termsSchema, type TermsChange } from "./health-schema";
import { termsChangeObject } from "./offer-health";
import { assertTermsOperator } from "./open-terms-changes";
import { enqueueRetestAfterTermsChange } from "../test-jobs/enqueue-test-job";
import { inTransaction } from "../transaction";

export const confirmTermsInput = z.strictObject({ changeId: z.uuid("A terms change id is a UUID.") });

export interface ConfirmedTerms {
  changeId: string;
  offerId: string;
  change: TermsChange;
  /** True when this operator had confirmed it already (a second click): nothing was written. */
  alreadyConfirmed: boolean;
}

interface LockedChange {
  id: string;
  offer_id: string;
  detected_at: Date;
  fields: string[];
  blocking: boolean;
  catalogued: unknown;
  observed: unknown;
  resolved_at: Date | null;
  resolution: string | null;
  resolved_by: string | null;
}

// offers.price_atomic is a 32-bit integer column.
const MAX_PRICE_ATOMIC = 2_147_483_647;

/** The offer's new columns: each changed field takes the observed value. */
function adoptedColumns(fields: string[], observed: z.infer<typeof termsSchema>): Prisma.Sql[] {
  const set: Prisma.Sql[] = [];
  const value = (name: string, v: string | null) => {
    if (v === null) throw new AppError("conflict", `The probe did not observe a ${name}: there is nothing to adopt.`);
    return v;
  };
  if (fields.includes("payTo")) set.push(Prisma.sql`pay_to = ${value("payee", observed.payTo)}`);
  if (fields.includes("network")) set.push(Prisma.sql`network = ${value("network", observed.network)}`);
  if (fields.includes("asset")) set.push(Prisma.sql`asset = ${value("asset", observed.asset)}`);
  if (fields.includes("price")) {
    const amount = value("price", observed.amountAtomic);
    if (!/^\d{1,10}$/.test(amount) || Number(amount) > MAX_PRICE_ATOMIC)
      throw new AppError("conflict", `The observed amount ${amount} cannot be an offer's price.`);
    set.push(Prisma.sql`price_atomic = ${Number(amount)}::int`);
  }
  return set;
}

export async function confirmTerms(actor: Actor, raw: z.input<typeof confirmTermsInput>): Promise<ConfirmedTerms> {
  assertTermsOperator(actor);
  const { changeId } = confirmTermsInput.parse(raw);
  const confirmed = await inTransaction(undefined, async (tx) => {
    const [c] = await tx.$queryRaw<LockedChange[]>(Prisma.sql`
      SELECT id::text, offer_id, detected_at, fields, blocking, catalogued, observed, resolved_at, resolution, resolved_by
      FROM offer_terms_changes WHERE id = ${changeId}::uuid FOR UPDATE`);
    if (!c) throw new AppError("not_found", `No payment-terms change ${changeId}.`);
    const result = (alreadyConfirmed: boolean, resolvedAt: Date | null): ConfirmedTerms => ({
      changeId: c.id,
      offerId: c.offer_id,
      change: termsChangeObject({
        detectedAt: c.detected_at,
        fields: c.fields,
        blocking: c.blocking,
        catalogued: c.catalogued,
        observed: c.observed,
        resolvedAt,
        resolution: "confirmed",
      }),
      alreadyConfirmed,
    });
    if (c.resolved_at) {
      if (c.resolution === "confirmed" && c.resolved_by === actor.personId) return result(true, c.resolved_at);
      const how = c.resolution === "reimported" ? "by a re-import of the listing" : "by another operator";
      throw new AppError(
        "terms_change_resolved",
        `This payment-terms change was already resolved ${how} on ${c.resolved_at.toISOString()}. Nothing was changed.`,
      );
    }
    const observed = termsSchema.parse(c.observed);
    const set = adoptedColumns(c.fields, observed);
    // The catalog's terms change: every instance's catalog caches (the shortlist's rows) follow the version.
    if (set.length > 0) {
      await tx.$executeRaw(Prisma.sql`UPDATE offers SET ${Prisma.join(set, ", ")} WHERE id = ${c.offer_id}`);
      await bumpCatalogVersion(tx);
    }
    const [resolved] = await tx.$queryRaw<{ resolved_at: Date }[]>(Prisma.sql`
      UPDATE offer_terms_changes SET resolved_at = now(), resolution = 'confirmed', resolved_by = ${actor.personId}
      WHERE id = ${c.id}::uuid RETURNING resolved_at`);
    // Probe it again soon: the health shown should reflect the adopted terms, not the last mismatch.
    await tx.$executeRaw(
      Prisma.sql`UPDATE offer_probe_schedule SET next_probe_at = LEAST(next_probe_at, now()) WHERE offer_id = ${c.offer_id}`,
    );
    // The offer routes again under its adopted terms: a tested service is owed a re-test, committed with this.
    await enqueueRetestAfterTermsChange(tx, c.offer_id);
    return result(false, resolved!.resolved_at);
  });
  return confirmed;
}
