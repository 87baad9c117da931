// The self-serve listings of providers (issue 27, docs/decisions.md "Listings"): a draft from one
// unpaid probe of each submitted URL, its owner's edits of what a probe cannot know, and submission
// for review, each submit kept as a numbered revision. Owned by the account behind the actor (a
// person, or a token without an account): every token of the account and its session see the same
// listings, and nobody else learns they exist (404).
import { randomUUID } from "node:crypto";
import { actorKey, type Actor } from "../accounts/actor";
import { db } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { withSlowIdempotentWrite, type WriteAnswer } from "../idempotent-write";
import { Prisma } from "../generated/prisma/client";
import { observerModeFromEnv, type ObserverMode } from "../observe/offer-policy";
import { createSafeOutbound, type SafeOutbound } from "../observe/safe-outbound";
import type { ProbeLimits } from "../probes/probe-offer";
import { inTransaction, lockUntilCommit, type DbClient } from "../transaction";
import { guessCapability } from "./guess-capability";
import { guessName } from "./guess-name";
import { catalogTwins, type CatalogTwin } from "./catalog-twins";
import { latestPayeeProofs, payeesOf, type PayeeProofSeen } from "./listing-payees";
import {
  EDITABLE_STATUSES,
  listingDraftSchema,
  listingProbeSchema,
  type EditListingInput,
  type ListingDraft,
  type ListingOffer,
  type ListingStatus,
  type ListingCatalogService,
  type ListingDecisionView,
  type ListingView,
} from "./listing-schema";
import { probeListingUrl, type ListingUrlReading } from "./probe-listing-url";

export interface ListingOwner {
  ownerKey: string;
  personId: string | null;
  tokenId: string | null;
}

export function listingOwner(actor: Actor): ListingOwner {
  if (actor.type === "human") return { ownerKey: `person:${actor.personId}`, personId: actor.personId, tokenId: null };
  return {
    ownerKey: actor.personId ? `person:${actor.personId}` : `token:${actor.tokenId}`,
    personId: actor.personId,
    tokenId: actor.tokenId,
  };
}

export interface ProbeDeps {
  outbound: SafeOutbound;
  limits: ProbeLimits;
  mode: ObserverMode;
  /** At most this many of a listing's URLs on one host are probed at once (default PROBE_HOST_CONCURRENCY). */
  hostConcurrency?: number;
}

let sharedOutbound: SafeOutbound | undefined;
/** The probes' settings and one SSRF-safe client per process (its agents keep connections alive). */
export function probeDepsFromEnv(): ProbeDeps {
  sharedOutbound ??= createSafeOutbound({ connectTimeoutMs: env.PROBE_TIMEOUT_MS });
  return {
    outbound: sharedOutbound,
    limits: { timeoutMs: env.PROBE_TIMEOUT_MS, maxBytes: env.PROBE_MAX_BYTES },
    mode: observerModeFromEnv(),
  };
}

/** The draft service record from the readings of the submitted URLs, in their order. */
export function draftFromReadings(urls: readonly string[], readings: readonly ListingUrlReading[]): ListingDraft {
  const offers = readings.flatMap((r) => (r.offer ? [r.offer] : []));
  const description = readings.find((r) => r.description)?.description ?? "";
  const words = [description, ...urls, ...offers.map((o) => JSON.stringify([o.inputSchema, o.outputSchema]))].join(" ");
  const primaryCapability = guessCapability(words);
  return {
    name: guessName(urls[0]!),
    description,
    primaryCapability,
    capabilityGuessed: primaryCapability !== null,
    tags: [],
    website: null,
    docsUrl: null,
    facts: [],
    offers,
  };
}

type ListingRow = Awaited<ReturnType<typeof db.listing.findFirstOrThrow>>;

type DecisionRow = { listingId: string; revision: number; decision: string; reason: string | null; decidedAt: Date };
type ServiceRow = {
  id: string;
  slug: string;
  listingState: string | null;
  testStatus: string;
  testedAt: Date | null;
  payeeVerified: boolean;
};

function catalogService(row: ListingRow, services: readonly ServiceRow[]): ListingCatalogService | null {
  const s = row.serviceId ? services.find((x) => x.id === row.serviceId) : undefined;
  if (!s) return null;
  return {
    slug: s.slug,
    state: (s.listingState ?? "listed") as ListingCatalogService["state"],
    testStatus: s.testStatus as ListingCatalogService["testStatus"],
    testedAt: s.testedAt?.toISOString() ?? null,
    payeeVerified: s.payeeVerified,
  };
}

function view(
  row: ListingRow,
  draft: ListingDraft,
  proofs: readonly PayeeProofSeen[],
  decisions: readonly DecisionRow[],
  services: readonly ServiceRow[],
  twins: ReadonlyMap<string, CatalogTwin[]>,
): ListingView {
  return {
    id: row.id,
    status: row.status as ListingStatus,
    resourceUrls: row.resourceUrls,
    draft,
    probes: listingProbeSchema.array().parse(row.probes),
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    payees: payeesOf(
      draft,
      proofs.filter((p) => p.listingId === row.id),
    ),
    decisions: decisions
      .filter((d) => d.listingId === row.id)
      .map((d) => ({
        revision: d.revision,
        decision: d.decision as ListingDecisionView["decision"],
        reason: d.reason,
        decidedAt: d.decidedAt.toISOString(),
      })),
    service: catalogService(row, services),
    alreadyListed: twins.get(row.id) ?? [],
  };
}

/** The listings as the API answers them, with their payees' proofs, the operators' decisions and
 * the catalog service an approval wrote. */
async function views(rows: readonly ListingRow[]): Promise<ListingView[]> {
  const ids = rows.map((r) => r.id);
  const serviceIds = rows.flatMap((r) => (r.serviceId ? [r.serviceId] : []));
  const drafts = rows.map((r) => ({ id: r.id, serviceId: r.serviceId, draft: listingDraftSchema.parse(r.draft) }));
  const [proofs, decisions, services, twins] = await Promise.all([
    latestPayeeProofs(ids),
    db.listingReview.findMany({ where: { listingId: { in: ids } }, orderBy: { revision: "desc" } }),
    serviceIds.length === 0
      ? []
      : db.service.findMany({
          where: { id: { in: serviceIds } },
          select: { id: true, slug: true, listingState: true, testStatus: true, testedAt: true, payeeVerified: true },
        }),
    catalogTwins(drafts),
  ]);
  return rows.map((row, i) => view(row, drafts[i]!.draft, proofs, decisions, services, twins));
}
const viewOne = async (row: ListingRow) => (await views([row]))[0]!;

const tooMany = (max: number) =>
  new AppError(
    "conflict",
    `This account already has ${max} listings (LISTINGS_PER_ACCOUNT); withdraw one or ask an operator.`,
  );

/**
 * Probes every URL, hosts in parallel and at most `perHost` URLs of one host at once, like the
 * scheduled probes' per-host cap: a listing of many URLs on one host (up to LISTING_MAX_URLS) is not a
 * burst the marketplace sends it on the submitter's behalf. Readings come back in the URLs' order.
 */
async function probeByHost(
  urls: readonly string[],
  perHost: number,
  probe: (url: string) => Promise<ListingUrlReading>,
): Promise<ListingUrlReading[]> {
  const byHost = new Map<string, number[]>();
  urls.forEach((url, i) => {
    const host = new URL(url).host.toLowerCase();
    byHost.set(host, [...(byHost.get(host) ?? []), i]);
  });
  const readings: ListingUrlReading[] = new Array(urls.length);
  await Promise.all(
    [...byHost.values()].map(async (indexes) => {
      for (let k = 0; k < indexes.length; k += perHost)
        await Promise.all(
          indexes.slice(k, k + perHost).map(async (i) => {
            readings[i] = await probe(urls[i]!);
          }),
        );
    }),
  );
  return readings;
}

/** The probes' readings and the draft of a new listing: the slow part of a creation (outbound calls). */
async function probeNewListing(owner: ListingOwner, urls: string[], deps: ProbeDeps, maxListings: number) {
  // Checked before probing (no outbound calls for a refused account) and again under the lock.
  if ((await db.listing.count({ where: { ownerKey: owner.ownerKey } })) >= maxListings) throw tooMany(maxListings);
  const now = new Date();
  const readings = await probeByHost(urls, deps.hostConcurrency ?? env.PROBE_HOST_CONCURRENCY, (url) =>
    probeListingUrl(url, deps.outbound, deps.limits, deps.mode, now),
  );
  return { readings, draft: draftFromReadings(urls, readings) };
}

/** Writes the probed listing under the account's lock (the per-account cap holds across instances). */
async function insertListing(
  tx: DbClient,
  owner: ListingOwner,
  urls: string[],
  probed: Awaited<ReturnType<typeof probeNewListing>>,
  maxListings: number,
): Promise<ListingView> {
  await lockUntilCommit(tx, `listings:${owner.ownerKey}`);
  if ((await tx.listing.count({ where: { ownerKey: owner.ownerKey } })) >= maxListings) throw tooMany(maxListings);
  const row = await tx.listing.create({
    data: {
      id: randomUUID(),
      ...owner,
      resourceUrls: urls,
      draft: probed.draft as unknown as Prisma.InputJsonValue,
      probes: probed.readings.map((r) => r.probe) as unknown as Prisma.InputJsonValue,
    },
  });
  // A new listing has no proofs, decisions or service yet; its twins in the catalog are told at once.
  const draft = listingDraftSchema.parse(row.draft);
  return view(row, draft, [], [], [], await catalogTwins([{ id: row.id, serviceId: null, draft }]));
}

export async function createListing(
  actor: Actor,
  input: { resourceUrls: string[] },
  deps: ProbeDeps = probeDepsFromEnv(),
  maxListings = env.LISTINGS_PER_ACCOUNT,
): Promise<ListingView> {
  const owner = listingOwner(actor);
  const probed = await probeNewListing(owner, input.resourceUrls, deps, maxListings);
  return inTransaction(undefined, (tx) => insertListing(tx, owner, input.resourceUrls, probed, maxListings));
}

/** How long a creation's Idempotency-Key claim is left alone: the longest the probes can take (every URL
 * on one host, PROBE_HOST_CONCURRENCY at a time, each up to PROBE_TIMEOUT_MS) and a minute for the rest. */
export const createLeaseMs = (deps: ProbeDeps) =>
  (Math.ceil(env.LISTING_MAX_URLS / (deps.hostConcurrency ?? env.PROBE_HOST_CONCURRENCY)) + 1) * deps.limits.timeoutMs +
  60_000;

/**
 * POST /api/listings with an Idempotency-Key (docs/decisions.md "Listings"): the key is claimed, per
 * actor, BEFORE anything is probed, so a concurrent duplicate is answered 409 write_in_progress and
 * never probes; a retry after the answer gets the same listing and status; another body under the
 * key is 422. Without a key, the same as createListing.
 */
export async function createListingIdempotently(
  actor: Actor,
  input: { resourceUrls: string[] },
  idempotencyKey: string | null | undefined,
  deps: ProbeDeps = probeDepsFromEnv(),
  maxListings = env.LISTINGS_PER_ACCOUNT,
): Promise<WriteAnswer> {
  const owner = listingOwner(actor);
  return withSlowIdempotentWrite(
    { actorKey: actorKey(actor), key: idempotencyKey, operation: "listing.create", input },
    {
      leaseMs: createLeaseMs(deps),
      prepare: () => probeNewListing(owner, input.resourceUrls, deps, maxListings),
      write: async (tx, probed) => ({
        status: 201,
        body: { ok: true, listing: await insertListing(tx, owner, input.resourceUrls, probed, maxListings) },
      }),
    },
  );
}

export async function listListings(actor: Actor): Promise<ListingView[]> {
  const rows = await db.listing.findMany({
    where: { ownerKey: listingOwner(actor).ownerKey },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return views(rows);
}

export const notFound = () => new AppError("not_found", "No listing of yours has this id.");

export async function getListing(actor: Actor, id: string): Promise<ListingView> {
  const row = await db.listing.findFirst({ where: { id, ownerKey: listingOwner(actor).ownerKey } });
  if (!row) throw notFound();
  return viewOne(row);
}

/** The owner's listing, locked until the transaction ends (edits and submits of one listing queue). */
async function lockedListing(tx: DbClient, actor: Actor, id: string): Promise<ListingRow> {
  const locked = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM listings WHERE id = ${id}::uuid AND owner_key = ${listingOwner(actor).ownerKey} FOR UPDATE`,
  );
  if (locked.length === 0) throw notFound();
  const row = await tx.listing.findUniqueOrThrow({ where: { id } });
  if (!EDITABLE_STATUSES.includes(row.status as ListingStatus))
    throw new AppError(
      "conflict",
      `The listing is ${row.status}; only a draft, a listing waiting for review, an approved or a rejected listing changes.`,
    );
  return row;
}

/** The owner's edit. A listing waiting for review goes back to draft: the reviewer sees only what was submitted. */
/** The offers with the owner's example inputs set (by resourceUrl); an unknown URL is a 400 issue. */
function withExamples(
  offers: ListingOffer[],
  examples: NonNullable<EditListingInput["offerExamples"]>,
): ListingOffer[] {
  const unknown = examples.findIndex((e) => !offers.some((o) => o.resourceUrl === e.resourceUrl));
  if (unknown >= 0)
    throw new AppError(
      "invalid_request",
      "offerExamples names a resourceUrl that is not one of the listing's offers.",
      [{ path: `offerExamples.${unknown}.resourceUrl`, message: "Not the resourceUrl of any offer of this listing." }],
    );
  return offers.map((o) => {
    const given = examples.find((e) => e.resourceUrl === o.resourceUrl);
    return given ? { ...o, exampleInput: given.exampleInput } : o;
  });
}

export async function editListing(actor: Actor, id: string, input: EditListingInput): Promise<ListingView> {
  const row = await inTransaction(undefined, async (tx) => {
    const current = await lockedListing(tx, actor, id);
    const draft = listingDraftSchema.parse(current.draft);
    const { offerExamples, ...fields } = input;
    const next: ListingDraft = {
      ...draft,
      ...fields,
      offers: offerExamples ? withExamples(draft.offers, offerExamples) : draft.offers,
      capabilityGuessed: input.primaryCapability === undefined ? draft.capabilityGuessed : false,
    };
    return tx.listing.update({
      where: { id },
      data: { draft: next as unknown as Prisma.InputJsonValue, status: "draft", updatedAt: new Date() },
    });
  });
  return viewOne(row);
}

/** Submits for review: a new revision (the version the reviewer sees), kept whatever comes next. */
export async function submitListing(actor: Actor, id: string): Promise<ListingView> {
  const row = await inTransaction(undefined, async (tx) => {
    const current = await lockedListing(tx, actor, id);
    const draft = listingDraftSchema.parse(current.draft);
    if (draft.offers.length === 0)
      throw new AppError(
        "conflict",
        "No submitted URL answered with readable x402 terms: there is no offer to review.",
      );
    if (draft.primaryCapability === null)
      throw new AppError("conflict", "Choose the listing's primaryCapability (PATCH) before submitting it.");
    const revision = current.revision + 1;
    const now = new Date();
    await tx.listingRevision.create({
      data: {
        listingId: id,
        revision,
        status: "pending_review",
        draft: current.draft as Prisma.InputJsonValue,
        probes: current.probes as Prisma.InputJsonValue,
        createdAt: now,
      },
    });
    return tx.listing.update({
      where: { id },
      data: { status: "pending_review", revision, submittedAt: now, updatedAt: now },
    });
  });
  return viewOne(row);
}
