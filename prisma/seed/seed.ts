// Writes the deterministic seed catalog (services, offers, facts, evidence, reviews with
// revisions, comments and per-actor engagement rows) into an empty database.
import { createHash } from "node:crypto";
import type { Prisma, PrismaClient } from "../../server/generated/prisma/client";
import { createInBatches } from "../../server/create-in-batches";
import { usdToAtomic } from "../../server/money";
import { configuredSandboxOrigin, sandboxProviderUrl } from "../../server/sandbox-address";
import { buildSeedCatalog } from "./catalog/index";
import type { SeedCatalog, SeedReview } from "./types";

// Seeded actors behind the engagement counters (likes/favourites are one row per actor).
export const SEED_HUMANS = 60;
export const SEED_AGENTS = 40;

const FIRST = [
  "Ana",
  "Bilal",
  "Chen",
  "Dara",
  "Elif",
  "Femi",
  "Greta",
  "Hiro",
  "Ines",
  "Jonas",
  "Kemi",
  "Luca",
  "Maya",
  "Nour",
  "Oskar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tess",
];
const LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Haddad"];

function seedUuid(label: string): string {
  const h = createHash("sha256").update(`seed:${label}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function hostnameOf(url: string): string {
  return new URL(url).hostname;
}

export async function isDatabaseEmpty(db: PrismaClient): Promise<boolean> {
  return (await db.service.count()) === 0;
}

export async function seedDatabase(
  db: PrismaClient,
  catalog: SeedCatalog = buildSeedCatalog(),
): Promise<{ services: number; reviews: number }> {
  const humans = Array.from({ length: SEED_HUMANS }, (_, i) => ({
    id: `seed-person-${i + 1}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    email: `seed-person-${i + 1}@example.test`,
    emailVerified: true,
    createdAt: new Date(catalog.observedAt),
  }));
  const agents = Array.from({ length: SEED_AGENTS }, (_, i) => ({
    id: seedUuid(`agent-token-${i}`),
    name: `seed agent ${i + 1}`,
    prefix: "mkt_seed",
    // The hash of a secret nobody holds: seeded tokens can never authenticate.
    tokenHash: createHash("sha256").update(`unusable-seed-token-${i}-${catalog.observedAt}`).digest("hex"),
    createdAt: new Date(catalog.observedAt),
  }));

  const services: Prisma.ServiceCreateManyInput[] = [];
  const offers: Prisma.OfferCreateManyInput[] = [];
  const facts: Prisma.ServiceFactCreateManyInput[] = [];
  const evidence: Prisma.ServiceEvidenceCreateManyInput[] = [];
  const idBySlug = new Map<string, string>();
  // Every seeded provider is the sandbox (server/sandbox/): its offers record the address really
  // called, one path prefix per service (the sandbox's start moves them if SANDBOX_PORT changes).
  const sandboxOrigin = configuredSandboxOrigin();

  for (const s of catalog.services) {
    idBySlug.set(s.slug, s.id);
    services.push({
      id: s.id,
      sourceId: s.sourceId,
      slug: s.slug,
      // "x402" when any offer is x402 (every seeded service has x402 offers); `protocols` lists the
      // offers' protocols, x402 first.
      protocol: s.offers.some((o) => o.protocol === "x402") ? "x402" : "mpp",
      protocols: s.protocols,
      name: s.name,
      website: s.website,
      serviceUrl: s.serviceUrl,
      hostname: hostnameOf(s.serviceUrl),
      description: s.description,
      docsUrl: s.docsUrl,
      capabilities: s.capabilities,
      primaryCapability: s.primaryCapability,
      tags: s.tags,
      supportsCredits: s.supportsCredits,
      calls30d: s.calls30d,
      uniquePayers30d: s.uniquePayers30d,
      // Untested: the marketplace's tests of the seeded world run after the seed, for real
      // (server/marketplace-tests/seed-tests.ts), and only they set testStatus and testedAt.
      testStatus: "untested",
      testedAt: null,
      entitySlug: s.entity.slug,
      entityName: s.entity.name,
      entityWebsite: s.entity.website,
      entityCataloged: s.entity.cataloged,
      catalogSource: s.catalogSource,
      catalogObservedAt: new Date(s.catalogObservedAt),
    });
    s.offers.forEach((o, position) =>
      offers.push({
        id: o.id,
        serviceId: s.id,
        protocol: o.protocol,
        method: o.method,
        path: o.path,
        providerUrl: sandboxProviderUrl(sandboxOrigin, s.slug),
        sandbox: true,
        sandboxDelivers: s.world.delivers,
        routedByMarketplace: true,
        description: o.description,
        priceAtomic: usdToAtomic(o.priceUsd),
        dynamicPrice: o.dynamicPrice,
        exampleInput: ((o.method === "GET" ? o.exampleQuery : o.exampleBody) ?? undefined) as
          Prisma.InputJsonObject | undefined,
        docsUrl: o.docsUrl,
        position,
        // x402 payment requirements belong to x402 offers; an MPP offer is paid with its own
        // challenge (WWW-Authenticate: Payment), which the catalog does not record.
        ...(o.protocol === "x402"
          ? {
              network: s.payment.network,
              asset: s.payment.asset,
              payTo: s.payment.payTo,
              maxTimeoutSeconds: s.payment.maxTimeoutSeconds,
            }
          : {}),
      }),
    );
    for (const f of s.facts) {
      facts.push({
        id: seedUuid(`fact:${s.slug}:${f.key}`),
        serviceId: s.id,
        key: f.key,
        value: f.value,
        text: f.text,
        source: f.source,
        observedAt: new Date(s.catalogObservedAt),
      });
    }
    s.evidence.forEach((e, position) =>
      evidence.push({
        id: seedUuid(`evidence:${s.slug}:${position}`),
        serviceId: s.id,
        text: e.text,
        source: e.source,
        position,
      }),
    );
  }

  const reviews: Prisma.ReviewCreateManyInput[] = [];
  const revisions: Prisma.ReviewRevisionCreateManyInput[] = [];
  const comments: Prisma.CommentCreateManyInput[] = [];
  const engagements: Prisma.ReviewEngagementCreateManyInput[] = [];

  for (const r of catalog.reviews) {
    const serviceId = idBySlug.get(r.serviceSlug);
    if (!serviceId) throw new Error(`Seed review ${r.id} names unknown service ${r.serviceSlug}`);
    const versions = [
      ...r.earlierRevisions,
      { rating: r.rating, title: r.title, body: r.body, tags: r.tags, createdAt: r.createdAt },
    ];
    reviews.push({
      id: r.id,
      serviceId,
      actorType: r.actorType,
      name: r.name,
      org: r.org,
      rating: r.rating,
      title: r.title,
      body: r.body,
      tags: r.tags,
      link: r.link,
      humanReviewStatus: r.humanReviewedAt ? "reviewed" : "not_required",
      humanReviewedAt: r.humanReviewedAt ? new Date(r.humanReviewedAt) : null,
      createdAt: new Date(versions[0]!.createdAt),
      updatedAt: new Date(r.createdAt),
    });
    versions.forEach((v, i) =>
      revisions.push({
        id: seedUuid(`revision:${r.id}:${i + 1}`),
        reviewId: r.id,
        number: i + 1,
        rating: v.rating,
        title: v.title,
        body: v.body,
        tags: v.tags,
        link: r.link,
        createdAt: new Date(v.createdAt),
      }),
    );
    for (const c of r.comments) {
      comments.push({
        id: c.id,
        reviewId: r.id,
        actorType: c.actorType,
        name: c.name,
        body: c.body,
        createdAt: new Date(c.createdAt),
      });
    }
    engagements.push(
      ...engagementRows(
        r,
        humans.map((h) => h.id),
        agents.map((a) => a.id),
      ),
    );
  }

  await db.$transaction(
    async (tx) => {
      await createInBatches(humans, (data) => tx.person.createMany({ data }));
      await createInBatches(agents, (data) => tx.marketplaceToken.createMany({ data }));
      await createInBatches(services, (data) => tx.service.createMany({ data }));
      await createInBatches(offers, (data) => tx.offer.createMany({ data }));
      await createInBatches(facts, (data) => tx.serviceFact.createMany({ data }));
      await createInBatches(evidence, (data) => tx.serviceEvidence.createMany({ data }));
      await createInBatches(reviews, (data) => tx.review.createMany({ data }));
      await createInBatches(revisions, (data) => tx.reviewRevision.createMany({ data }));
      await createInBatches(comments, (data) => tx.comment.createMany({ data }));
      await createInBatches(engagements, (data) => tx.reviewEngagement.createMany({ data }));
    },
    { timeout: 120_000 },
  );
  return { services: services.length, reviews: reviews.length };
}

// Spread each review's counted likes/favourites over the seeded actors, starting at an offset
// derived from the review id so that different reviews are liked by different people.
function engagementRows(
  r: SeedReview,
  humanIds: string[],
  agentIds: string[],
): Prisma.ReviewEngagementCreateManyInput[] {
  const rows: Prisma.ReviewEngagementCreateManyInput[] = [];
  const offset = parseInt(r.id.slice(0, 6), 16);
  const at = new Date(new Date(r.createdAt).getTime() + 3_600_000);
  for (const kind of ["like", "favorite"] as const) {
    const counts = kind === "like" ? r.likes : r.favorites;
    for (const [actorType, ids, prefix] of [
      ["human", humanIds, "person"],
      ["llm", agentIds, "token"],
    ] as const) {
      const n = counts[actorType];
      if (n > ids.length)
        throw new Error(`Seed review ${r.id} has ${n} ${actorType} ${kind}s but only ${ids.length} seeded actors`);
      for (let i = 0; i < n; i++) {
        const actorKey = `${prefix}:${ids[(offset + i) % ids.length]}`;
        rows.push({
          id: seedUuid(`engagement:${r.id}:${kind}:${actorKey}`),
          reviewId: r.id,
          kind,
          actorType,
          actorKey,
          createdAt: at,
        });
      }
    }
  }
  return rows;
}
