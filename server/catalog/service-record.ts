// The service record of the specification ("Service record (catalog)"): its zod schema, the
// rows it is read from, and the mapping. Field names and types follow the specification exactly.
import type { Prisma } from "../generated/prisma/client";
import { atomicToUsd, usdLabel } from "../money";
import { NO_OFFER_CALLS, NO_SERVICE_CALLS, type OfferObserved, type ServiceObserved } from "../observe/call-stats";
import { observerModeFromEnv, routableProviderUrl, type ObserverMode } from "../observe/offer-policy";
import { isRefusedHost } from "../observe/refused-hosts";
import type { OfferHealthObject } from "../probes/health-schema";
import { healthOfOffer, healthOfService } from "./health-filter";
import { buildQuickstart } from "./quickstart";
import { recordFacts } from "./record-facts";
import { ratingFields, type ReviewStats } from "./review-stats";
import { urls } from "./urls";
import { PAYMENT_PROTOCOLS, type PaymentProtocol } from "./vocabulary";
import {
  SCHEMA_VERSION,
  DATA_MODE,
  type OfferRecord,
  type ServiceObject,
  type ServiceRecord,
} from "./service-record-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export {
  SCHEMA_VERSION,
  DATA_MODE,
  offerSchema,
  lastReviewSchema,
  serviceSchema,
  serviceRecordSchema,
} from "./service-record-schema";
export type { OfferRecord, ServiceObject, ServiceRecord } from "./service-record-schema";

export const offerSelect = {
  id: true,
  protocol: true,
  method: true,
  path: true,
  providerUrl: true,
  testMode: true,
  sandbox: true,
  description: true,
  priceAtomic: true,
  dynamicPrice: true,
  unitType: true,
  intent: true,
  exampleInput: true,
  docsUrl: true,
} satisfies Prisma.OfferSelect;

/** The service's own columns: what the record reads, and what the catalog import compares and keeps. */
export const serviceColumnSelect = {
  id: true,
  sourceId: true,
  slug: true,
  protocol: true,
  name: true,
  website: true,
  serviceUrl: true,
  hostname: true,
  description: true,
  docsUrl: true,
  capabilities: true,
  primaryCapability: true,
  tags: true,
  supportsCredits: true,
  calls30d: true,
  uniquePayers30d: true,
  testStatus: true,
  testedAt: true,
  protocols: true,
  entitySlug: true,
  entityName: true,
  entityWebsite: true,
  entityCataloged: true,
  catalogSource: true,
  catalogObservedAt: true,
  payeeVerified: true,
  listingState: true,
} satisfies Prisma.ServiceSelect;

export const serviceRecordSelect = {
  ...serviceColumnSelect,
  testReviewId: true,
  offers: { select: offerSelect, orderBy: [{ position: "asc" }, { id: "asc" }] },
  facts: { select: { key: true, text: true, source: true }, orderBy: { key: "asc" } },
  evidence: { select: { text: true, source: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.ServiceSelect;

export type ServiceRow = Prisma.ServiceGetPayload<{ select: typeof serviceRecordSelect }>;
type OfferRow = ServiceRow["offers"][number];

/** The offers' distinct protocols, x402 first. */
export function offerProtocols(offers: { protocol: string }[]): PaymentProtocol[] {
  const present = new Set(offers.map((o) => o.protocol));
  return PAYMENT_PROTOCOLS.filter((p) => present.has(p));
}

/** The service's `protocol`: x402 when any offer is x402, else mpp (the stored value without offers). */
export function serviceProtocol(offers: { protocol: string }[], stored: string): string {
  if (offers.length === 0) return stored;
  return offers.some((o) => o.protocol === "x402") ? "x402" : "mpp";
}

function routedByMarketplace(o: OfferRow, mode: ObserverMode): boolean {
  const verdict = routableProviderUrl(o, mode);
  return verdict.ok && !isRefusedHost(verdict.url.hostname);
}

// No health read: every offer unprobed.
const NO_HEALTH = new Map<string, OfferHealthObject>();

export function toOfferRecord(
  o: OfferRow,
  observed: OfferObserved = NO_OFFER_CALLS,
  mode: ObserverMode = observerModeFromEnv(),
  health: Map<string, OfferHealthObject> = NO_HEALTH,
): OfferRecord {
  const callUrl = urls.offerCall(o.id);
  const offerHealth = healthOfOffer(health, o.id);
  const exampleInput =
    o.exampleInput && typeof o.exampleInput === "object" && !Array.isArray(o.exampleInput)
      ? (o.exampleInput as Record<string, unknown>)
      : null;
  return {
    id: o.id,
    protocol: o.protocol,
    method: o.method as OfferRecord["method"],
    path: o.path,
    providerUrl: o.providerUrl,
    callUrl,
    // Whether the observer can reach this offer now (its address and the running mode), not a
    // stored flag: an offer the observer would refuse with offer_not_routable says false, and so
    // does one whose name it recently found resolving to a refused address (refused-hosts.ts), and
    // one whose routing a payment-terms change stopped (409 offer_terms_changed).
    routedByMarketplace: routedByMarketplace(o, mode) && !offerHealth.routingStopped,
    description: o.description,
    priceUsd: atomicToUsd(o.priceAtomic),
    priceLabel: usdLabel(o.priceAtomic),
    dynamicPrice: o.dynamicPrice,
    unitType: o.unitType,
    intent: o.intent,
    quickstart: buildQuickstart({ method: o.method, callUrl, exampleInput }),
    docsUrl: o.docsUrl,
    observed,
    health: offerHealth,
  };
}

/** The cheapest offer's price, as decimal text and label (0 for a service without offers). */
export function startingPrice(offers: { priceAtomic: number }[]): {
  startingPriceUsd: string;
  startingPriceLabel: string;
} {
  const start = offers.length ? Math.min(...offers.map((o) => o.priceAtomic)) : 0;
  return { startingPriceUsd: atomicToUsd(start), startingPriceLabel: `From ${usdLabel(start)}` };
}

/** What a service record and a list summary both say of a row: its vocabulary, its offers and their starting price. */
export function catalogFields(row: {
  capabilities: string[];
  primaryCapability: string;
  tags: string[];
  offers: { priceAtomic: number }[];
}) {
  return {
    capabilities: row.capabilities as ServiceObject["capabilities"],
    primaryCapability: row.primaryCapability as ServiceObject["primaryCapability"],
    tags: row.tags,
    offerCount: row.offers.length,
    ...startingPrice(row.offers),
  };
}

export interface CallFigures {
  service: ServiceObserved;
  offers: Map<string, OfferObserved>;
}
const NO_CALLS: CallFigures = { service: NO_SERVICE_CALLS, offers: new Map() };
/** `health`: each offer's (offerHealthFor of the service's offers); the service's is derived from them. */
export function toServiceRecord(
  row: ServiceRow,
  stats: ReviewStats,
  calls: CallFigures = NO_CALLS,
  health: Map<string, OfferHealthObject> = NO_HEALTH,
): ServiceRecord {
  const tested = row.testStatus !== "untested";
  const profileUrl = urls.serviceProfile(row.slug);
  const mode = observerModeFromEnv();
  return {
    schemaVersion: SCHEMA_VERSION,
    dataMode: DATA_MODE,
    methodologyUrl: urls.methodology(),
    service: {
      id: row.id,
      sourceId: row.sourceId,
      protocol: serviceProtocol(row.offers, row.protocol),
      protocols: offerProtocols(row.offers),
      name: row.name,
      website: row.website,
      serviceUrl: row.serviceUrl,
      hostname: row.hostname,
      description: row.description,
      docsUrl: row.docsUrl,
      ...catalogFields(row),
      supportsCredits: row.supportsCredits,
      calls30d: row.calls30d + calls.service.calls30d,
      uniquePayers30d: row.uniquePayers30d + calls.service.uniquePayers30d,
      observed: calls.service,
      health: healthOfService(health, row.offers),
      testStatus: row.testStatus as ServiceObject["testStatus"],
      // The marketplace's test review once a test ran (decisions: "that review's page"); a status
      // imported from a catalog file has no review of ours, so it points at the service's reviews.
      reviewUrl: tested ? (row.testReviewId ? urls.review(row.testReviewId) : urls.serviceReviews(row.slug)) : null,
      testedAt: tested && row.testedAt ? row.testedAt.toISOString() : null,
      ...ratingFields(row.testStatus, stats.reviewRating),
      lastReview: tested ? stats.lastReview : null,
      reviewCount: stats.reviewCount,
      entity: {
        slug: row.entitySlug,
        name: row.entityName,
        website: row.entityWebsite,
        // Entities without a cataloged profile have no page of their own here.
        profileUrl: row.entityCataloged ? profileUrl : null,
        cataloged: row.entityCataloged,
      },
      surface: { name: row.name, subjectSlug: row.slug, profileUrl, reputationScope: "surface" },
      catalogSource: row.catalogSource,
      catalogObservedAt: row.catalogObservedAt.toISOString(),
      sandbox: row.offers.some((o) => o.sandbox),
      payeeVerified: row.payeeVerified,
      // A paused listing's offers are not routed (the observer answers them 404 meanwhile).
      offers: row.offers.map((o) => {
        const offer = toOfferRecord(o, calls.offers.get(o.id), mode, health);
        return row.listingState === null ? offer : { ...offer, routedByMarketplace: false };
      }),
      facts: recordFacts({ ...row, recordUrl: urls.serviceRecord(row.slug) }),
    },
  };
}
