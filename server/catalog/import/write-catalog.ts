// Writes imported services in one transaction: conflicts with the database (a slug or an offer id
// owned by another service) are found inside it, under a lock that serialises imports across
// instances, so the file is written whole or not at all. Unchanged services are not written.
// An offer the file keeps (same id) is updated in place: its probes, health and payment-terms
// history hang on its row (deleting it would delete them). Writing a kept offer (the file changes
// it) resolves its open payment-terms change ("reimported", by "import"): the listing speaks for
// its terms again and the observer routes it; a probe that still sees other terms opens a new
// change. An offer the file leaves as it was is not written, and its change stays open.
// Test results (testStatus, testedAt, the test review) are never written here: they come only from
// the marketplace's own tests; an updated service keeps its, a new one starts untested.
import { createInBatches } from "../../create-in-batches";
import { db, DatabaseError, UNIQUE_VIOLATION } from "../../db";
import { env } from "../../env";
import type { Issue } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { isSandboxUrl } from "../../sandbox-address";
import type { DbClient } from "../../transaction";
import { offerSelect, serviceColumnSelect } from "../service-record";
import { orderedProtocols } from "./from-records";
import { invalidCatalog } from "./guard-document";
import type { ImportOffer, ImportService, ServiceColumn } from "./import-types";

const IMPORT_LOCK = "marketplace:catalog-import";

const existingSelect = {
  ...serviceColumnSelect,
  offers: {
    select: { ...offerSelect, position: true, network: true, asset: true, payTo: true, maxTimeoutSeconds: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  },
  evidence: { select: { text: true, source: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
  facts: { where: { key: "protocols" }, select: { value: true, text: true, source: true } },
} satisfies Prisma.ServiceSelect;
type Existing = Prisma.ServiceGetPayload<{ select: typeof existingSelect }>;
type OfferRow = Existing["offers"][number];

export interface WriteResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** JSON with sorted keys: jsonb reorders an object's keys, which must not count as a change. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) && !(x instanceof Date)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

function serviceColumns(s: ImportService, existing: Existing | undefined, protocols: string[]) {
  const columns = {
    sourceId: s.sourceId,
    slug: s.slug,
    name: s.name,
    website: s.website,
    serviceUrl: s.serviceUrl,
    hostname: s.hostname,
    description: s.description,
    docsUrl: s.docsUrl,
    capabilities: s.capabilities as string[],
    primaryCapability: s.primaryCapability as string,
    tags: s.tags,
    supportsCredits: s.supportsCredits,
    calls30d: s.calls30d,
    uniquePayers30d: s.uniquePayers30d,
    entitySlug: s.entity.slug,
    entityName: s.entity.name,
    entityWebsite: s.entity.website,
    entityCataloged: s.entity.cataloged,
    catalogSource: s.catalogSource,
    catalogObservedAt: s.catalogObservedAt,
  } satisfies Record<ServiceColumn, unknown>;
  if (existing) for (const k of s.keepOnUpdate) (columns as Record<ServiceColumn, unknown>)[k] = existing[k];
  // "x402" when any offer is x402 (the record's `protocol`), with every protocol in `protocols`.
  const protocol = protocols.includes("x402") ? "x402" : (protocols[0] ?? "x402");
  // Only a listing's approval says whether its payees are proven; a file keeps what the row has.
  const payee = s.payeeVerified === undefined ? {} : { payeeVerified: s.payeeVerified };
  return { ...columns, ...payee, protocol, protocols };
}

function offerColumns(o: ImportOffer, position: number, previous: OfferRow | undefined, testMode: boolean) {
  return {
    id: o.id,
    protocol: o.protocol as string,
    method: o.method as string,
    path: o.path,
    providerUrl: o.providerUrl,
    description: o.description,
    priceAtomic: o.priceAtomic,
    dynamicPrice: o.dynamicPrice,
    unitType: o.unitType,
    intent: o.intent,
    // A file that does not give the example input or the payment requirements (a service record
    // shows neither) keeps the known ones.
    exampleInput: o.exampleInput ?? (previous?.exampleInput as Record<string, unknown> | null | undefined) ?? null,
    docsUrl: o.docsUrl,
    position,
    network: o.network ?? previous?.network ?? null,
    asset: o.asset ?? previous?.asset ?? null,
    payTo: o.payTo ?? previous?.payTo ?? null,
    maxTimeoutSeconds: o.maxTimeoutSeconds ?? previous?.maxTimeoutSeconds ?? null,
    testMode,
    // An offer at the sandbox's own address is served by the sandbox (a seeded record imported back).
    sandbox: isSandboxUrl(o.providerUrl),
  };
}

function protocolsFact(name: string, docsUrl: string, protocols: string[]) {
  const text = protocols.includes("mpp")
    ? `${name} accepts payment through both x402 and the Machine Payments Protocol (MPP).`
    : `${name} accepts payment only through the x402 protocol.`;
  return { value: protocols, text, source: docsUrl };
}

const replaced = (s: ImportService, o: { protocol: string }) =>
  s.replacesProtocols === "all" || (s.replacesProtocols as string[]).includes(o.protocol);

async function findConflicts(
  tx: DbClient,
  services: ImportService[],
  existing: Map<string, Existing>,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const ids = new Set(services.map((s) => s.id));
  const slugOwners = await tx.service.findMany({
    where: { slug: { in: services.map((s) => s.slug) }, id: { notIn: [...ids] } },
    select: { id: true, slug: true },
  });
  const ownerOfSlug = new Map(slugOwners.map((r) => [r.slug, r.id]));
  const offerIds = services.flatMap((s) => s.offers.map((o) => o.id));
  const offerRows = await tx.offer.findMany({ where: { id: { in: offerIds } }, select: { id: true, serviceId: true } });
  const offerOwner = new Map(offerRows.map((r) => [r.id, r.serviceId]));
  for (const s of services) {
    const owner = ownerOfSlug.get(s.slug);
    if (owner)
      issues.push({ path: `${s.at}.slug`, message: `The slug ${s.slug} belongs to another service (${owner}).` });
    const kept = (existing.get(s.id)?.offers ?? []).filter((o) => !replaced(s, o));
    for (const o of s.offers) {
      const ownerOfOffer = offerOwner.get(o.id);
      if (ownerOfOffer && ownerOfOffer !== s.id)
        issues.push({
          path: `${o.at}.id`,
          message: `The offer id ${o.id} belongs to another service (${ownerOfOffer}).`,
        });
      const keptTwin = kept.find(
        (k) => k.id === o.id || (k.method === o.method && k.path === o.path && k.protocol === o.protocol),
      );
      if (keptTwin)
        issues.push({
          path: `${o.at}.id`,
          message: `The offer ${o.id} clashes with the service's ${keptTwin.protocol} offer ${keptTwin.id}, which this file does not replace.`,
        });
    }
  }
  return issues;
}

/** Serialises catalog writes across instances until the transaction ends (taken again by writeCatalogIn: harmless). */
export async function lockCatalogWrites(tx: DbClient): Promise<void> {
  await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${IMPORT_LOCK}, 0))`);
}

export async function writeCatalog(
  services: ImportService[],
  testMode: boolean,
  onProgress?: (done: number, total: number) => void,
): Promise<WriteResult> {
  try {
    return await db.$transaction(
      (tx) => writeCatalogIn(tx, services, testMode, onProgress),
      // A 5,000-service file is seconds of writes; the bound covers slow disks and a large update.
      { maxWait: env.DATABASE_CONNECT_TIMEOUT_MS + 2_000, timeout: 600_000 },
    );
  } catch (err) {
    throw asFileConflict(err);
  }
}

/** A unique clash with a concurrent write of another kind is the file's conflict, said as such rather than as a crash. */
function asFileConflict(err: unknown): unknown {
  const code = (err as { code?: string }).code ?? (err instanceof DatabaseError ? err.code : undefined);
  if (code === "P2002" || code === UNIQUE_VIOLATION)
    return invalidCatalog(
      [
        {
          path: "(document)",
          message: `A unique value of the file is already used in the catalog: ${(err as Error).message.split("\n").pop()}`,
        },
      ],
      "The catalog file conflicts with the catalog; nothing was imported.",
    );
  return err;
}

/** The write itself, inside the caller's transaction (an import's own, or a listing approval's with its decision). */
export async function writeCatalogIn(
  tx: DbClient,
  services: ImportService[],
  testMode: boolean,
  onProgress?: (done: number, total: number) => void,
): Promise<WriteResult> {
  await lockCatalogWrites(tx);
  const rows = await tx.service.findMany({
    where: { id: { in: services.map((s) => s.id) } },
    select: existingSelect,
  });
  const existing = new Map(rows.map((r) => [r.id, r]));
  const conflicts = await findConflicts(tx, services, existing);
  if (conflicts.length > 0)
    throw invalidCatalog(conflicts.slice(0, 100), "The catalog file conflicts with the catalog; nothing was imported.");

  const result: WriteResult = { created: 0, updated: 0, unchanged: 0 };
  let done = 0;
  const creates: NewService[] = [];
  const updatedIds: string[] = [];
  const writtenOfferIds: string[] = [];
  for (const s of services) {
    const before = existing.get(s.id);
    const previousOffers = new Map((before?.offers ?? []).map((o) => [o.id, o]));
    const kept = (before?.offers ?? []).filter((o) => !replaced(s, o));
    const offers = s.offers.map((o, i) => offerColumns(o, i, previousOffers.get(o.id), testMode));
    const protocols = orderedProtocols([
      ...s.protocols,
      ...kept.map((o) => o.protocol),
      ...(s.protocolsGiven ? [] : (before?.protocols ?? [])),
    ]);
    const columns = serviceColumns(s, before, protocols);
    const fact = protocolsFact(columns.name, columns.docsUrl, protocols);
    if (!before) {
      creates.push({ s, columns, offers, fact });
      continue;
    }
    if (isUnchanged(before, columns, offers, kept, s.evidence, fact)) result.unchanged++;
    else {
      // The protocols fact is kept current where one exists (the seed publishes it for some
      // services only; condition checks read `protocols` itself).
      const written = await updateService(
        tx,
        s,
        columns,
        offers,
        before.offers.filter((o) => replaced(s, o)),
        before.facts[0] && !sameFact(before.facts[0], fact) ? fact : null,
      );
      updatedIds.push(s.id);
      writtenOfferIds.push(...written);
      result.updated++;
    }
    onProgress?.(++done, services.length);
  }
  // New services in a few multi-row statements: 5,000 one by one held the transaction ~35 s.
  for (let i = 0; i < creates.length; i += CREATE_CHUNK) {
    const chunk = creates.slice(i, i + CREATE_CHUNK);
    await createServices(tx, chunk);
    result.created += chunk.length;
    done += chunk.length;
    onProgress?.(done, services.length);
  }
  if (writtenOfferIds.length > 0) await resolveTermsChanges(tx, writtenOfferIds);
  if (updatedIds.length > 0) {
    // The search index no longer covers these services until importCatalog rebuilds it right
    // after the commit; cleared, searchIndexCurrent says so if that rebuild never finishes
    // (a killed CLI, a lost connection), and the next import or start-up rebuilds it.
    // (Search reads the postings, not these documents: results are unchanged meanwhile.)
    await tx.$executeRaw(Prisma.sql`UPDATE services SET search_document = NULL WHERE id = ANY(${updatedIds}::text[])`);
  }
  if (result.created + result.updated > 0) {
    // Processes cache catalog data by this version: they reload after the commit.
    await tx.catalogState.upsert({
      where: { id: 1 },
      create: { id: 1, version: 1 },
      update: { version: { increment: 1 } },
    });
  }
  return result;
}

function isUnchanged(
  before: Existing,
  columns: ReturnType<typeof serviceColumns>,
  offers: ReturnType<typeof offerColumns>[],
  kept: OfferRow[],
  evidence: ImportService["evidence"],
  fact: ReturnType<typeof protocolsFact>,
): boolean {
  const { offers: beforeOffers, evidence: beforeEvidence, facts, id: _id, ...beforeColumns } = before;
  const replacedBefore = beforeOffers.filter((o) => !kept.includes(o));
  if (canonical(beforeColumns) !== canonical({ ...beforeColumns, ...columns })) return false;
  if (canonical(replacedBefore) !== canonical(offers)) return false;
  if (evidence && canonical(beforeEvidence) !== canonical(evidence.map((e) => ({ text: e.text, source: e.source }))))
    return false;
  return !facts[0] || sameFact(facts[0], fact);
}

// The protocols fact is rewritten only when the protocols change: a seeded sentence stays.
const sameFact = (before: { value: unknown } | undefined, fact: { value: unknown }): boolean =>
  before !== undefined && canonical(before.value) === canonical(fact.value);

interface NewService {
  s: ImportService;
  columns: ReturnType<typeof serviceColumns>;
  offers: ReturnType<typeof offerColumns>[];
  fact: ReturnType<typeof protocolsFact>;
}

const CREATE_CHUNK = 500;

/** The service's offers (of the protocols the file replaces) made what the file says: offers it no
 * longer lists are deleted, offers it keeps are updated in place when they differ, new ones created.
 * Answers the ids of the kept offers it wrote (an offer the file leaves as it was is not written). */
async function writeOffers(
  tx: DbClient,
  serviceId: string,
  offers: ReturnType<typeof offerColumns>[],
  previous: OfferRow[],
): Promise<string[]> {
  const listed = new Set(offers.map((o) => o.id));
  const gone = previous.filter((p) => !listed.has(p.id)).map((p) => p.id);
  if (gone.length > 0) await tx.offer.deleteMany({ where: { id: { in: gone } } });
  const before = new Map(previous.map((p) => [p.id, p]));
  const kept = offers.filter((o) => before.has(o.id));
  // One offer per (service, protocol, method, path) is checked row by row: an offer whose endpoint
  // changes steps aside first (no real path starts with "#"), so two offers may swap endpoints.
  const moving = kept
    .filter((o) => {
      const p = before.get(o.id)!;
      return p.protocol !== o.protocol || p.method !== o.method || p.path !== o.path;
    })
    .map((o) => o.id);
  if (moving.length > 0)
    await tx.$executeRaw(Prisma.sql`UPDATE offers SET path = '#moving:' || id WHERE id = ANY(${moving}::text[])`);
  const written: string[] = [];
  for (const o of kept) {
    if (!moving.includes(o.id) && canonical(before.get(o.id)) === canonical(o)) continue;
    const [data] = offerData(serviceId, [o]);
    await tx.offer.update({ where: { id: o.id }, data: data! });
    written.push(o.id);
  }
  const created = offers.filter((o) => !before.has(o.id));
  if (created.length > 0) await tx.offer.createMany({ data: offerData(serviceId, created) });
  return written;
}

/** Resolves the open payment-terms changes of the offers just written (see the top of the file). */
async function resolveTermsChanges(tx: DbClient, offerIds: string[]): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    UPDATE offer_terms_changes SET resolved_at = now(), resolution = 'reimported', resolved_by = 'import'
    WHERE resolved_at IS NULL AND offer_id = ANY(${offerIds}::text[])`);
}

const offerData = (serviceId: string, offers: ReturnType<typeof offerColumns>[]) =>
  offers.map((o) => ({ ...o, serviceId, exampleInput: (o.exampleInput ?? Prisma.DbNull) as Prisma.InputJsonValue }));

async function createServices(tx: DbClient, chunk: NewService[]): Promise<void> {
  await tx.service.createMany({
    data: chunk.map(({ s, columns }) => ({ id: s.id, ...columns, testStatus: "untested", testedAt: null })),
  });
  // Offers and evidence are several per service: batched to stay one statement each (create-in-batches.ts).
  await createInBatches(
    chunk.flatMap(({ s, offers }) => offerData(s.id, offers)),
    (data) => tx.offer.createMany({ data }),
  );
  await tx.serviceFact.createMany({
    data: chunk.map(({ s, columns, fact }) => ({
      serviceId: s.id,
      key: "protocols",
      ...fact,
      observedAt: columns.catalogObservedAt,
    })),
  });
  await createInBatches(
    chunk.flatMap(({ s }) =>
      (s.evidence ?? []).map((e, position) => ({ serviceId: s.id, text: e.text, source: e.source, position })),
    ),
    (data) => tx.serviceEvidence.createMany({ data }),
  );
}

async function updateService(
  tx: DbClient,
  s: ImportService,
  columns: ReturnType<typeof serviceColumns>,
  offers: ReturnType<typeof offerColumns>[],
  previous: OfferRow[],
  fact: ReturnType<typeof protocolsFact> | null,
): Promise<string[]> {
  await tx.service.update({ where: { id: s.id }, data: columns });
  const written = await writeOffers(tx, s.id, offers, previous);
  if (fact)
    await tx.serviceFact.update({
      where: { serviceId_key: { serviceId: s.id, key: "protocols" } },
      data: { ...fact, observedAt: columns.catalogObservedAt },
    });
  if (s.evidence) {
    await tx.serviceEvidence.deleteMany({ where: { serviceId: s.id } });
    await tx.serviceEvidence.createMany({
      data: s.evidence.map((e, position) => ({ serviceId: s.id, text: e.text, source: e.source, position })),
    });
  }
  return written;
}
