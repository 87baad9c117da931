// An operator's decision on a listing's submitted revision (issue 27 item 3): approve (the revision
// enters the catalog through the import's writer, in the same transaction as the decision) or reject
// with a reason. One transaction with the listing row locked (SELECT … FOR UPDATE, so across instances
// too) and one listing_reviews row per revision (its primary key): of two decisions at once the
// second sees the first's and is refused, 409 conflict, as is a decision on a revision that is no
// longer the one waiting (the owner edited or resubmitted since the page was loaded).
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { isOperator } from "../accounts/actor";
import { lockCatalogWrites, writeCatalogIn } from "../catalog/import/write-catalog";
import { indexServices } from "../catalog/index-services";
import { db } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { storableText } from "../input/storable-text";
import { logger } from "../logger";
import { enqueueServiceTest } from "../test-jobs/enqueue-test-job";
import { inTransaction, type DbClient } from "../transaction";
import { addServiceScheduleRows } from "../probes/probe-schedule";
import { listingDraftSchema, type ListingDraft, type ListingStatus } from "./listing-schema";
import { listingOfferId, listingService, listingServiceId, slugForName } from "./listing-service";
import { notFound } from "./listings";

export const reviewReasonSchema = storableText()
  .trim()
  .min(1, "Say why the listing is rejected.")
  .max(1000, "At most 1000 characters.");

export const approveListingInput = z.strictObject({
  listingId: z.uuid("A listing id is a UUID."),
  revision: z.int().min(1).describe("The submitted revision the operator looked at."),
  reason: reviewReasonSchema.optional(),
});
export const rejectListingInput = approveListingInput.extend({ reason: reviewReasonSchema });

export interface ListingDecision {
  listingId: string;
  revision: number;
  decision: "approved" | "rejected";
  reason: string | null;
  decidedAt: string;
  /** The catalog service (approved, or approved before). */
  serviceId: string | null;
  serviceSlug: string | null;
  payeeVerified: boolean | null;
}

export function assertListingOperator(actor: Actor): asserts actor is Extract<Actor, { type: "human" }> {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only marketplace operators may review listings.");
}

interface Locked {
  id: string;
  status: string;
  revision: number;
  serviceId: string | null;
}

/** The listing, locked until commit, when `revision` is the one waiting for review. */
async function lockedForReview(tx: DbClient, listingId: string, revision: number): Promise<Locked> {
  const rows = await tx.$queryRaw<Locked[]>(Prisma.sql`
    SELECT id, status, revision, service_id AS "serviceId" FROM listings WHERE id = ${listingId}::uuid FOR UPDATE`);
  const row = rows[0];
  if (!row) throw notFound();
  const decided = await tx.listingReview.findUnique({
    where: { listingId_revision: { listingId, revision } },
    select: { decision: true, decidedAt: true },
  });
  if (decided)
    throw new AppError(
      "conflict",
      `Revision ${revision} was already ${decided.decision} (${decided.decidedAt.toISOString()}); nothing was changed.`,
    );
  if (row.status !== ("pending_review" satisfies ListingStatus) || row.revision !== revision)
    throw new AppError(
      "conflict",
      `Revision ${revision} is not the one waiting for review (the listing is ${row.status}, at revision ${row.revision}); reload the queue. Nothing was changed.`,
    );
  return row;
}

/** The slug for the listing's first approval: from the name, with -2, -3 … when taken (under the catalog's write lock). */
async function freeSlug(tx: DbClient, name: string): Promise<string> {
  const base = slugForName(name).slice(0, 70).replace(/-+$/, "") || "service";
  const taken = new Set(
    (await tx.service.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** True when every offer's payTo has an accepted proof on the listing now. */
async function payeesProven(tx: DbClient, listingId: string, payTos: readonly string[]): Promise<boolean> {
  const wanted = [...new Set(payTos.map((p) => p.toLowerCase()))];
  if (wanted.length === 0) return false;
  const proven = await tx.listingPayeeProof.findMany({
    where: { listingId, payTo: { in: wanted } },
    distinct: ["payTo"],
    select: { payTo: true },
  });
  return proven.length === wanted.length;
}

export async function approveListing(
  actor: Actor,
  input: z.input<typeof approveListingInput>,
  now = new Date(),
): Promise<ListingDecision> {
  assertListingOperator(actor);
  const { listingId, revision, reason } = approveListingInput.parse(input);
  const decision = await inTransaction(undefined, async (tx) => {
    const listing = await lockedForReview(tx, listingId, revision);
    const submitted = await tx.listingRevision.findUniqueOrThrow({
      where: { listingId_revision: { listingId, revision } },
    });
    const draft = listingDraftSchema.parse(submitted.draft);
    // Taken before the slug is chosen, so two first approvals of one name cannot pick the same slug.
    await lockCatalogWrites(tx);
    const serviceId = listing.serviceId ?? listingServiceId(listingId);
    const existing = await tx.service.findUnique({ where: { id: serviceId }, select: { slug: true } });
    const slug = existing?.slug ?? (await freeSlug(tx, draft.name));
    const payeeVerified = await payeesProven(
      tx,
      listingId,
      draft.offers.map((o) => o.payTo),
    );
    await writeCatalogIn(tx, [listingService({ listingId, serviceId, slug, draft, payeeVerified, now })], false);
    await writeOfferSchemas(tx, listingId, draft);
    await addServiceScheduleRows(tx, serviceId); // probed within seconds, not at the next minute's sweep
    const review = await tx.listingReview.create({
      data: {
        listingId,
        revision,
        decision: "approved",
        reason: reason ?? null,
        operatorPersonId: actor.personId,
        decidedAt: now,
      },
    });
    await tx.listingRevision.update({
      where: { listingId_revision: { listingId, revision } },
      data: { status: "approved" },
    });
    await tx.listing.update({ where: { id: listingId }, data: { status: "approved", serviceId, updatedAt: now } });
    // The marketplace tests the approved service: a job committed with the approval (any instance runs it).
    await enqueueServiceTest(tx, serviceId, "approval");
    return {
      listingId,
      revision,
      decision: "approved" as const,
      reason: review.reason,
      decidedAt: review.decidedAt.toISOString(),
      serviceId,
      serviceSlug: slug,
      payeeVerified,
    };
  });
  await reindex(decision.serviceId);
  return decision;
}

/** The bazaar extension's schemas of each offer as the revision probed them, for the marketplace's
 * test (its input from the input schema when there is no example, its answer checked against the
 * output schema); an offer that declares none has no row. */
async function writeOfferSchemas(tx: DbClient, listingId: string, draft: ListingDraft): Promise<void> {
  for (const o of draft.offers) {
    const offerId = listingOfferId(listingId, o.method, o.path);
    if (o.inputSchema === null && o.outputSchema === null) {
      await tx.offerSchemas.deleteMany({ where: { offerId } });
      continue;
    }
    const schemas = {
      inputSchema: (o.inputSchema as Prisma.InputJsonValue | null) ?? Prisma.DbNull,
      outputSchema: (o.outputSchema as Prisma.InputJsonValue | null) ?? Prisma.DbNull,
    } as const;
    await tx.offerSchemas.upsert({ where: { offerId }, create: { offerId, ...schemas }, update: schemas });
  }
}

export async function rejectListing(
  actor: Actor,
  input: z.input<typeof rejectListingInput>,
  now = new Date(),
): Promise<ListingDecision> {
  assertListingOperator(actor);
  const { listingId, revision, reason } = rejectListingInput.parse(input);
  return inTransaction(undefined, async (tx) => {
    const listing = await lockedForReview(tx, listingId, revision);
    const review = await tx.listingReview.create({
      data: { listingId, revision, decision: "rejected", reason, operatorPersonId: actor.personId, decidedAt: now },
    });
    await tx.listingRevision.update({
      where: { listingId_revision: { listingId, revision } },
      data: { status: "rejected" },
    });
    // An approved listing's service keeps its approved version (the listing records the rejection).
    await tx.listing.update({ where: { id: listingId }, data: { status: "rejected", updatedAt: now } });
    const service = listing.serviceId
      ? await tx.service.findUnique({ where: { id: listing.serviceId }, select: { slug: true, payeeVerified: true } })
      : null;
    return {
      listingId,
      revision,
      decision: "rejected" as const,
      reason: review.reason,
      decidedAt: review.decidedAt.toISOString(),
      serviceId: listing.serviceId,
      serviceSlug: service?.slug ?? null,
      payeeVerified: service?.payeeVerified ?? null,
    };
  });
}

/** The approved service's search document, postings, lexeme counts and embedding after the commit
 * (only that service: catalog/index-services.ts), then the catalog version (every instance's
 * caches). A failure leaves the index not current; the next import or start-up rebuilds it. */
async function reindex(id: string): Promise<void> {
  try {
    await indexServices(db, [id]);
  } catch (err) {
    logger.error(
      { err, serviceId: id },
      "Indexing a service after a listing approval failed; the next import or start-up rebuilds the index.",
    );
  }
}
