// The operators' queue of listings waiting for review (oldest submit first, keyset-paginated): the
// submitted revision (what the decision is about, not the owner's later draft), its probe verdicts,
// each payee and whether it is proven, earlier decisions, and for a listing approved before the diff
// between the catalog's record and what approving this revision would write.
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { offerSelect, serviceColumnSelect } from "../catalog/service-record";
import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { cursorText, cursorTimeMs, decodeCursor, encodeCursor } from "../input/cursor";
import { catalogTwins } from "./catalog-twins";
import { latestPayeeProofs, payeesOf } from "./listing-payees";
import { listingDraftSchema, listingProbeSchema, type ListingDraft } from "./listing-schema";
import { listingService } from "./listing-service";
import { assertListingOperator } from "./review-decision";
import { reviewQueueInput, type CatalogDiff, type ReviewQueue, type ReviewQueueItem } from "./review-queue-schema";

const cursorSchema = z.tuple([cursorTimeMs(), cursorText(60)]);

const catalogSelect = {
  ...serviceColumnSelect,
  offers: {
    select: { ...offerSelect, network: true, asset: true, payTo: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  },
  evidence: { select: { text: true, source: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.ServiceSelect;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const text = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

async function diffAgainstCatalog(
  listingId: string,
  serviceId: string,
  draft: ListingDraft,
): Promise<CatalogDiff | null> {
  const row = await db.service.findUnique({ where: { id: serviceId }, select: catalogSelect });
  if (!row) return null;
  let next;
  try {
    next = listingService({
      listingId,
      serviceId,
      slug: row.slug,
      draft,
      payeeVerified: row.payeeVerified,
      now: new Date(),
    });
  } catch {
    return null; // an unpriceable revision: the approval refuses it and says why
  }
  const fields: CatalogDiff["fields"] = [];
  const compare = (field: string, before: unknown, after: unknown) => {
    if (!same(before, after)) fields.push({ field, before: text(before), after: text(after) });
  };
  compare("name", row.name, next.name);
  compare("description", row.description, next.description);
  compare("website", row.website, next.website);
  compare("docsUrl", row.docsUrl, next.docsUrl);
  compare("primaryCapability", row.primaryCapability, next.primaryCapability);
  compare("tags", row.tags, next.tags);
  compare("facts", row.evidence, next.evidence);
  const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
  const before = new Map(row.offers.filter((o) => o.protocol === "x402").map((o) => [key(o), o]));
  const after = new Map(next.offers.map((o) => [key(o), o]));
  const offers: CatalogDiff["offers"] = [];
  for (const [k, o] of after) {
    const b = before.get(k);
    if (!b) {
      offers.push({ method: o.method, path: o.path, change: "added", fields: [] });
      continue;
    }
    const changed = (["priceAtomic", "providerUrl", "network", "asset", "payTo"] as const)
      .filter((f) => !same(b[f], o[f]))
      .map((f) => ({ field: f, before: text(b[f]), after: text(o[f]) }));
    if (changed.length > 0) offers.push({ method: o.method, path: o.path, change: "changed", fields: changed });
  }
  for (const [k, b] of before)
    if (!after.has(k)) offers.push({ method: b.method, path: b.path, change: "removed", fields: [] });
  return { serviceSlug: row.slug, fields, offers };
}

export async function listReviewQueue(actor: Actor, raw: z.input<typeof reviewQueueInput> = {}): Promise<ReviewQueue> {
  assertListingOperator(actor);
  const input = reviewQueueInput.parse(raw);
  const after = input.cursor ? decodeCursor(cursorSchema, input.cursor) : null;
  const rows = await db.listing.findMany({
    where: {
      status: "pending_review",
      submittedAt: { not: null },
      ...(after
        ? {
            OR: [
              { submittedAt: { gt: new Date(after[0]) } },
              { submittedAt: new Date(after[0]), id: { gt: after[1] } },
            ],
          }
        : {}),
    },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take: input.limit + 1,
    select: {
      id: true,
      revision: true,
      submittedAt: true,
      serviceId: true,
      revisions: { orderBy: { revision: "desc" }, take: 1 },
      reviews: { orderBy: { revision: "desc" }, take: 10 },
    },
  });
  const page = rows.slice(0, input.limit);
  const proofs = await latestPayeeProofs(page.map((r) => r.id));
  const submittedDrafts = page.map((r) => ({
    id: r.id,
    serviceId: r.serviceId,
    draft: listingDraftSchema.parse(r.revisions[0]!.draft),
  }));
  const twins = await catalogTwins(submittedDrafts);
  const listings: ReviewQueueItem[] = [];
  for (const [i, row] of page.entries()) {
    const submitted = row.revisions[0]!;
    const draft = submittedDrafts[i]!.draft;
    listings.push({
      listingId: row.id,
      revision: submitted.revision,
      submittedAt: row.submittedAt!.toISOString(),
      draft,
      probes: listingProbeSchema.array().parse(submitted.probes),
      payees: payeesOf(
        draft,
        proofs.filter((p) => p.listingId === row.id),
      ),
      decisions: row.reviews.map((r) => ({
        revision: r.revision,
        decision: r.decision as "approved" | "rejected",
        reason: r.reason,
        decidedAt: r.decidedAt.toISOString(),
      })),
      alreadyListed: twins.get(row.id) ?? [],
      diff: row.serviceId ? await diffAgainstCatalog(row.id, row.serviceId, draft) : null,
    });
  }
  const last = page.at(-1);
  return {
    listings,
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.submittedAt!.getTime(), last.id]) : null,
  };
}
