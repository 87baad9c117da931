// What an approved listing writes into the catalog, as the catalog import's own `ImportService`: the
// approval hands it to the import's writer (write-catalog.ts), so a listing obeys the same rules as a
// catalog file (no second writer). Ids are stable per listing, so a later approval of an edited
// revision updates the same service and keeps its offers' rows (probes, health) where method and
// path stay.
import { IMPORT_LIMITS } from "../catalog/import/limits";
import { LISTING_SOURCE_PREFIX } from "../catalog/listing-source";
import { base32Hash, slugFromHostname } from "../catalog/import/stable-ids";
import type { ImportService } from "../catalog/import/import-types";
import { AppError } from "../errors";
import type { ListingDraft } from "./listing-schema";

// x402 v2 requires maxTimeoutSeconds in every 402; drafts probed before it was read carry none.
const DEFAULT_MAX_TIMEOUT_SECONDS = 60;

export const listingServiceId = (listingId: string): string => `svc_${base32Hash(`listing:${listingId}`, 10)}`;
export const listingOfferId = (listingId: string, method: string, path: string): string =>
  `off_${base32Hash(`listing-offer:${listingId}:${method}:${path}`, 10)}`;

/** The slug the listing's name asks for; the approval makes it unique. */
export const slugForName = (name: string): string => slugFromHostname(name);

export interface ListingServiceInput {
  listingId: string;
  serviceId: string;
  slug: string;
  draft: ListingDraft;
  /** Every x402 offer's payTo (lowercase) had an accepted proof when the operator approved. */
  payeeVerified: boolean;
  now: Date;
}

export function listingService({
  listingId,
  serviceId,
  slug,
  draft,
  payeeVerified,
  now,
}: ListingServiceInput): ImportService {
  const first = draft.offers[0];
  if (!first || draft.primaryCapability === null)
    throw new AppError("conflict", "The revision has no offer or no primaryCapability: it cannot enter the catalog.");
  // One offer per method and path in the catalog (the import refuses a file that says otherwise).
  const endpoints = new Set(draft.offers.map((o) => `${o.method} ${o.path}`));
  if (endpoints.size < draft.offers.length)
    throw new AppError("conflict", "Two of the listing's URLs are the same endpoint (method and path): list it once.");
  const origin = new URL(first.providerUrl);
  const website = draft.website ?? origin.origin;
  const docsUrl = draft.docsUrl ?? website;
  const name = draft.name;
  return {
    at: "listing",
    id: serviceId,
    sourceId: `listing:${listingId}`,
    slug,
    protocols: ["x402"],
    protocolsGiven: true,
    name,
    website,
    serviceUrl: origin.origin,
    hostname: origin.hostname,
    description: draft.description || `Paid x402 resources at ${origin.hostname}.`,
    docsUrl,
    capabilities: [draft.primaryCapability],
    primaryCapability: draft.primaryCapability,
    tags: draft.tags,
    supportsCredits: false,
    calls30d: 0,
    uniquePayers30d: 0,
    // No test result: the writer starts a new service untested and keeps an approved one's; the
    // marketplace's own test (after the approval) sets it, never the draft.
    entity: { slug, name, website, cataloged: true },
    catalogSource: `${LISTING_SOURCE_PREFIX}${listingId}`,
    catalogObservedAt: now,
    offers: draft.offers.map((o, i) => {
      const price = /^\d{1,12}$/.test(o.priceAtomic) ? Number(o.priceAtomic) : Number.POSITIVE_INFINITY;
      if (o.priceUsd === null || price > IMPORT_LIMITS.maxPriceAtomic)
        throw new AppError(
          "conflict",
          `Offer ${o.method} ${o.resourceUrl} asks ${o.priceAtomic} atomic units of an asset the catalog cannot price in USDC (or more than ${IMPORT_LIMITS.maxPriceAtomic / 1e6} USD per call): it cannot enter the catalog.`,
        );
      return {
        at: `listing.offers[${i}]`,
        id: listingOfferId(listingId, o.method, o.path),
        protocol: "x402" as const,
        method: o.method,
        path: o.path,
        providerUrl: o.providerUrl,
        description: draft.description || `${o.method} ${o.path}`,
        priceAtomic: price,
        dynamicPrice: false,
        unitType: "request",
        intent: "charge",
        exampleInput: o.exampleInput ?? null,
        docsUrl,
        network: o.network,
        asset: o.asset,
        payTo: o.payTo,
        maxTimeoutSeconds: o.maxTimeoutSeconds ?? DEFAULT_MAX_TIMEOUT_SECONDS,
      };
    }),
    evidence: draft.facts.map((f) => ({ text: f.text, source: f.source })),
    replacesProtocols: "all",
    // What the marketplace observes, not what the owner says: a later approval keeps it.
    keepOnUpdate: ["calls30d", "uniquePayers30d"],
    payeeVerified,
  };
}
