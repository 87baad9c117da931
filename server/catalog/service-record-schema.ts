// The service record of the specification ("Service record (catalog)") as a pure zod schema (no
// database), shared by the API, the OpenAPI document and the typed client.
import { z } from "zod";
import { offerObservedSchema, serviceObservedSchema } from "../observe/call-stats-schema";
import { offerHealthSchema, serviceHealthSchema } from "../probes/health-schema";
import { CAPABILITIES, PAYMENT_PROTOCOLS, TEST_STATUSES } from "./vocabulary";

export const SCHEMA_VERSION = 1;
export const DATA_MODE = "snapshot+live-reviews";

export const offerSchema = z.object({
  id: z.string(),
  // How this offer is paid: "x402", or "mpp" (an endpoint sold with both has one offer of each).
  protocol: z.string(),
  method: z.enum(["GET", "POST"]),
  path: z.string(),
  providerUrl: z.url(),
  callUrl: z.url(),
  routedByMarketplace: z.boolean(),
  description: z.string(),
  priceUsd: z.string(),
  priceLabel: z.string(),
  dynamicPrice: z.boolean(),
  unitType: z.string(),
  intent: z.string(),
  quickstart: z.string(),
  docsUrl: z.url(),
  // Additive: the observer's own figures for this offer (last 30 days); null rate and latency
  // without calls.
  observed: offerObservedSchema,
  // Additive: what the marketplace's own unpaid probes observed of this offer (x402 conformance,
  // uptime, latency, an open payment-terms change).
  health: offerHealthSchema,
});
export type OfferRecord = z.infer<typeof offerSchema>;

export const lastReviewSchema = z.object({
  id: z.string(),
  url: z.url(),
  title: z.string(),
  rating: z.number().int(),
  created_at: z
    .number()
    .int()
    .min(0)
    .describe("When the review was published, in milliseconds since the Unix epoch (UTC)."),
});

/** The review average every surface gives under this name (record, summaries, search, shortlist reputation). */
export const REVIEW_RATING = z
  .number()
  .min(1)
  .max(5)
  .nullable()
  .describe(
    "The mean of the service's published reviews' ratings, one decimal, whatever its test status; null without published reviews. Where the service is tested, `rating` is the same figure.",
  );

export const serviceSchema = z.object({
  id: z.string(),
  sourceId: z.string(),
  // "x402" when any offer is x402, else "mpp"; `protocols` (additive) lists the offers' protocols.
  protocol: z.string(),
  protocols: z.array(z.enum(PAYMENT_PROTOCOLS)),
  name: z.string(),
  website: z.url(),
  serviceUrl: z.url(),
  hostname: z.string(),
  description: z.string(),
  docsUrl: z.url(),
  capabilities: z.array(z.enum(CAPABILITIES)),
  primaryCapability: z.enum(CAPABILITIES),
  tags: z.array(z.string()),
  offerCount: z.number().int(),
  startingPriceUsd: z.string(),
  startingPriceLabel: z.string(),
  supportsCredits: z.boolean(),
  // The catalog source's figures plus the calls observed through the marketplace (30 days).
  calls30d: z.number().int(),
  uniquePayers30d: z.number().int(),
  // Additive: the observer's figures alone (last 30 days).
  observed: serviceObservedSchema,
  // Additive: the probes' findings over the service's offers (healthy only when every probed offer is).
  health: serviceHealthSchema,
  testStatus: z.enum(TEST_STATUSES),
  // Null while the service is untested (decision in docs/decisions.md).
  reviewUrl: z.url().nullable(),
  testedAt: z.iso.datetime().nullable(),
  rating: z
    .number()
    .nullable()
    .describe(
      "The mean of the published reviews' ratings (one decimal) for a tested service; null while untested, as the specification says. `reviewRating` gives the review average whatever the test status.",
    ),
  // Additive: the review average under its own name, so an untested service's reviews still show.
  reviewRating: REVIEW_RATING,
  lastReview: lastReviewSchema.nullable(),
  reviewCount: z.number().int(),
  entity: z.object({
    slug: z.string(),
    name: z.string(),
    website: z.url(),
    profileUrl: z.url().nullable(),
    cataloged: z.boolean(),
  }),
  surface: z.object({
    name: z.string(),
    subjectSlug: z.string(),
    profileUrl: z.url(),
    reputationScope: z.literal("surface"),
  }),
  catalogSource: z.string(),
  catalogObservedAt: z.iso.datetime(),
  // Additive: the marketplace's own sandbox provider serves this service's offers (a seeded service
  // whose provider exists only as the sandbox, on this machine, paid through the local facilitator).
  sandbox: z
    .boolean()
    .describe(
      "True when the service's offers are answered by the marketplace's sandbox provider (a simulated provider on the marketplace's own machine, paid in test funds through the local facilitator), not by a real third party. Its offers are routable only while the sandbox is on.",
    ),
  // Additive (issue 27): the service came from a self-serve listing and, when an operator approved it,
  // every x402 offer's payTo had signed the marketplace's EIP-712 ownership message.
  payeeVerified: z
    .boolean()
    .describe(
      "True when the service came from a provider's self-serve listing and every x402 offer's payTo proved control of that address (an EIP-712 signature) before the listing was approved. False for every other service.",
    ),
  offers: z.array(offerSchema),
  // Additive: every sentence a shortlist condition check can quote (structured facts, evidence
  // sentences, the test status and offer prices as sentences), so an agent can verify each
  // met/unmet through the API. `topic` is the fact key, "evidence", "testStatus" or "price".
  facts: z.array(z.object({ text: z.string(), source: z.string(), topic: z.string() })),
});
export type ServiceObject = z.infer<typeof serviceSchema>;

export const serviceRecordSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  dataMode: z.literal(DATA_MODE),
  methodologyUrl: z.url(),
  service: serviceSchema,
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;
