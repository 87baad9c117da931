// GET /discovery/resources: the catalog's x402 offers as an x402 Bazaar discovery list (the
// `DiscoveryResourcesResponse` of @x402/extensions' bazaar client), so any Bazaar client can page
// through it and `npm run catalog:import` can read it back. The marketplace's own paid products come
// first (listWithOwnItems; built by server/products/product-discovery.ts: the catalog knows no
// product; an import skips them, `metadata.marketplaceProduct`). Then one item per x402 offer whose payment
// requirements are known; `metadata` carries our ids, the call URL through the observer, and what
// an import needs to rebuild the service, and the health the marketplace's probes observed of the
// resource. MPP offers are not x402 resources and are not listed.
// Why `metadata.health`: an item of @x402/extensions' DiscoveryResource has no field of its own for
// it; `extensions` holds the payloads of x402 extensions the resource server itself declared (e.g.
// `bazaar`), keyed by extension, which our observation is not; `metadata` is the list keeper's own
// object (x402 v1's list typed it `Record<string, unknown>`; ours already carries our ids), so a
// Bazaar client that does not know the field skips it and ours finds it next to `callUrl`.
import { z } from "zod";
import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { atomicToUsd } from "../../money";
import { joinProviderUrl } from "../../offer-url";
import { offerHealthSchema, type OfferHealthObject } from "../../probes/health-schema";
import { offerHealthFor } from "../../probes/offer-health";
import { LISTED_SERVICE } from "../../search/unlisted-services";
import { healthOfOffer } from "../health-filter";
import { urls } from "../urls";
import { CAPABILITIES } from "../vocabulary";

export const DISCOVERY_MAX_LIMIT = 1000;
// Deep OFFSET pages cost a scan each; no catalog of ours has more offers than this.
export const DISCOVERY_MAX_OFFSET = 1_000_000;

export const listDiscoveryInput = z.object({
  limit: z.coerce.number().int().min(1).max(DISCOVERY_MAX_LIMIT).default(100),
  offset: z.coerce.number().int().min(0).max(DISCOVERY_MAX_OFFSET).default(0),
  // Bazaar resource types: only http resources are catalogued (an mcp filter answers an empty page).
  type: z.enum(["http", "mcp"]).optional(),
});
export type ListDiscoveryInput = z.input<typeof listDiscoveryInput>;

/** x402 v2 PaymentRequirements, as an x402 resource's 402 names them. */
export const paymentRequirementsSchema = z.object({
  // The catalog's offers are exact; the marketplace's sub-cent products also take batch-settlement.
  scheme: z.enum(["exact", "batch-settlement"]),
  // A CAIP-2 id ("eip155:8453"); the template type is what @x402/core's Network is.
  network: z.templateLiteral([z.string(), ":", z.string()]),
  amount: z.string().describe("Price in the asset's atomic units (USDC: 6 decimals)."),
  asset: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  extra: z.record(z.string(), z.unknown()),
});

export const discoveryMetadataSchema = z.object({
  serviceId: z.string(),
  serviceSlug: z.string(),
  serviceName: z.string(),
  serviceDescription: z.string(),
  website: z.url(),
  docsUrl: z.url(),
  capabilities: z.array(z.enum(CAPABILITIES)),
  primaryCapability: z.enum(CAPABILITIES),
  offerId: z.string(),
  method: z.enum(["GET", "POST"]),
  providerUrl: z.url(),
  path: z.string(),
  description: z.string(),
  priceUsd: z.string(),
  catalogSource: z.string(),
  callUrl: z
    .url()
    .describe("Call the resource through the marketplace's observer (X-Marketplace-Token, Idempotency-Key)."),
  profileUrl: z.url(),
  health: offerHealthSchema.describe(
    "What the marketplace observed of the resource with its own unpaid probes: x402 conformance, uptime, latency, and an open payment-terms change (then `routingStopped`: the observer answers 409 offer_terms_changed).",
  ),
});

export const discoveryResourceSchema = z.object({
  resource: z.url().describe("The provider's URL of the resource (providerUrl + path)."),
  type: z.literal("http"),
  x402Version: z.literal(2),
  accepts: z.array(paymentRequirementsSchema),
  lastUpdated: z.iso.datetime().describe("When the catalog source observed the service (catalogObservedAt), ISO 8601."),
  description: z.string(),
  serviceName: z.string(),
  tags: z.array(z.string()),
  metadata: discoveryMetadataSchema,
});

/** One of the marketplace's own paid products, as its 402 describes it. */
export const productResourceSchema = z.object({
  resource: z.url().describe("The product's URL (POST it; GET answers its 402)."),
  type: z.literal("http"),
  x402Version: z.literal(2),
  accepts: z.array(paymentRequirementsSchema).describe("The requirements of the product's PAYMENT-REQUIRED."),
  lastUpdated: z.iso.datetime().describe("When the products' terms last changed, ISO 8601."),
  description: z.string(),
  serviceName: z.string(),
  tags: z.array(z.string()),
  extensions: z
    .record(z.string(), z.unknown())
    .describe(
      "The x402 extensions the product's 402 declares, as it declares them: `bazaar` (method, body example and its JSON Schema) and `payment-identifier`.",
    ),
  metadata: z.object({
    marketplaceProduct: z
      .string()
      .describe("The product's id: sold by the marketplace itself, not a catalogued offer."),
    name: z.string(),
    operationId: z.string(),
    method: z.literal("POST"),
    priceUsd: z.string(),
    protocols: z.array(z.enum(["x402", "mpp"])),
    delivery: z.enum(["immediate", "queued"]),
    docsUrl: z.url(),
  }),
});
export type ProductResource = z.infer<typeof productResourceSchema>;

const paginationSchema = z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() });

/** The catalog's offers alone (listDiscoveryResources). */
export const discoveryListSchema = z.object({
  x402Version: z.literal(2),
  items: z.array(discoveryResourceSchema),
  pagination: paginationSchema,
});

/** What GET /discovery/resources answers: the marketplace's products, then the catalog's offers. */
export const marketplaceDiscoveryListSchema = z.object({
  x402Version: z.literal(2),
  items: z.array(z.union([productResourceSchema, discoveryResourceSchema])),
  pagination: paginationSchema,
});
export type MarketplaceDiscoveryList = z.infer<typeof marketplaceDiscoveryListSchema>;
export type DiscoveryList = z.infer<typeof discoveryListSchema>;
export type OfferResource = z.infer<typeof discoveryResourceSchema>;

const offerSelect = {
  id: true,
  method: true,
  path: true,
  providerUrl: true,
  description: true,
  priceAtomic: true,
  network: true,
  asset: true,
  payTo: true,
  maxTimeoutSeconds: true,
  service: {
    select: {
      id: true,
      slug: true,
      name: true,
      description: true,
      website: true,
      docsUrl: true,
      capabilities: true,
      primaryCapability: true,
      tags: true,
      catalogSource: true,
      catalogObservedAt: true,
    },
  },
} satisfies Prisma.OfferSelect;
type OfferRow = Prisma.OfferGetPayload<{ select: typeof offerSelect }>;

// Listed: x402 offers whose requirements are all known (an offer imported from a service record
// without them cannot be paid from this list alone).
const listed = {
  protocol: "x402",
  network: { not: null },
  asset: { not: null },
  payTo: { not: null },
  maxTimeoutSeconds: { not: null },
  // A paused or withdrawn listing's offers leave the list (unlisted-services.ts).
  service: LISTED_SERVICE,
} satisfies Prisma.OfferWhereInput;

function toResource(o: OfferRow, health: Map<string, OfferHealthObject>): OfferResource {
  const s = o.service;
  return {
    resource: joinProviderUrl(o.providerUrl, o.path),
    type: "http",
    x402Version: 2,
    accepts: [
      {
        scheme: "exact",
        network: o.network as `${string}:${string}`,
        amount: String(o.priceAtomic),
        asset: o.asset!,
        payTo: o.payTo!,
        maxTimeoutSeconds: o.maxTimeoutSeconds!,
        extra: {},
      },
    ],
    lastUpdated: s.catalogObservedAt.toISOString(),
    description: o.description,
    serviceName: s.name,
    tags: s.tags,
    metadata: {
      serviceId: s.id,
      serviceSlug: s.slug,
      serviceName: s.name,
      serviceDescription: s.description,
      website: s.website,
      docsUrl: s.docsUrl,
      capabilities: s.capabilities as OfferResource["metadata"]["capabilities"],
      primaryCapability: s.primaryCapability as OfferResource["metadata"]["primaryCapability"],
      offerId: o.id,
      method: o.method as "GET" | "POST",
      providerUrl: o.providerUrl,
      path: o.path,
      description: o.description,
      priceUsd: atomicToUsd(o.priceAtomic),
      catalogSource: s.catalogSource,
      callUrl: urls.offerCall(o.id),
      profileUrl: urls.serviceProfile(s.slug),
      health: healthOfOffer(health, o.id),
    },
  };
}

/** One page of `ownItems` followed by the catalog's offers, paged as one list. */
export async function listWithOwnItems(
  input: z.output<typeof listDiscoveryInput>,
  ownItems: readonly ProductResource[],
): Promise<MarketplaceDiscoveryList> {
  const { limit, offset } = input;
  if (input.type === "mcp") return { x402Version: 2, items: [], pagination: { limit, offset, total: 0 } };
  const own = ownItems.slice(offset, offset + limit);
  const offers = await listDiscoveryResources({
    ...input,
    offset: Math.max(0, offset - ownItems.length),
    limit: limit - own.length,
  });
  return {
    x402Version: 2,
    items: [...own, ...offers.items],
    pagination: { limit, offset, total: ownItems.length + offers.pagination.total },
  };
}

export async function listDiscoveryResources(input: z.output<typeof listDiscoveryInput>): Promise<DiscoveryList> {
  const { limit, offset } = input;
  if (input.type === "mcp") return { x402Version: 2, items: [], pagination: { limit, offset, total: 0 } };
  // One snapshot for the page and its total (a concurrent import cannot make them disagree).
  const [total, rows] = await db.$transaction(
    [
      db.offer.count({ where: listed }),
      // Stable order for paging: by service, then the service's own offer order.
      db.offer.findMany({
        where: listed,
        select: offerSelect,
        orderBy: [{ serviceId: "asc" }, { position: "asc" }, { id: "asc" }],
        skip: offset,
        take: limit,
      }),
    ],
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
  // The page's health in one read (outside the snapshot: it is the probes', not the catalog's).
  const health = await offerHealthFor(rows.map((o) => o.id));
  return { x402Version: 2, items: rows.map((o) => toResource(o, health)), pagination: { limit, offset, total } };
}
