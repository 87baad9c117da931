// The two file formats `importCatalog` reads, as zod schemas: our service records (what
// GET /api/catalog/services/{slug} answers: one record, an array of them, or {services:[...]}) and
// an x402 Bazaar discovery list. Unknown fields are ignored (a record's callUrl, quickstart, ...);
// known ones are checked strictly. URLs are https, or http too in test mode (the demo provider), or
// the sandbox provider's own address while it is on (a seeded record round-trips).
import { z } from "zod";
import { usdToAtomic } from "../../money";
import { webUrlSchema } from "../../input/web-url";
import { isSandboxUrl } from "../../sandbox-address";
import { CAPABILITIES, PAYMENT_PROTOCOLS, TEST_STATUSES } from "../vocabulary";
import { IMPORT_LIMITS } from "./limits";

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const required = (max: number) => text(max).min(1, "Must not be empty.");

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;
export const idText = z
  .string()
  .regex(ID, "An id is 1 to 100 letters, digits, '_', '.', ':' or '-', starting with a letter or digit.");
export const slugText = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A slug is lowercase letters and digits joined by single hyphens.")
  .max(80, "At most 80 characters.");

const isoDate = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && Number.isFinite(Date.parse(s)),
    "An ISO 8601 date-time, e.g. 2026-11-01T12:00:00Z.",
  );

/** An absolute URL the catalog may hold: https, or http in test mode or at the sandbox's own origin; no credentials. */
export function webUrl(testMode: boolean) {
  return webUrlSchema({
    allowHttp: (s) => testMode || isSandboxUrl(s),
    httpRefusal: testMode
      ? "Must be an http or https URL."
      : "Must be an https URL (http is accepted only in test mode).",
  });
}

/** A URI naming where the catalog came from (https://..., urn:...). */
const sourceUri = z
  .string()
  .max(2000)
  .regex(/^[a-z][a-z0-9+.-]*:\S+$/i, "A URI, e.g. https://example.com/catalog.json or urn:...");

const freeForm = z
  .record(z.string(), z.unknown())
  .refine(
    (v) => JSON.stringify(v).length <= IMPORT_LIMITS.maxFreeFormBytes,
    `At most ${IMPORT_LIMITS.maxFreeFormBytes} bytes of JSON.`,
  );

/** Decimal USD text -> atomic units, refusing malformed and absurd prices. */
const priceUsd = z.string().transform((s, ctx) => {
  let atomic: number;
  try {
    atomic = usdToAtomic(s);
  } catch {
    ctx.addIssue({ code: "custom", message: 'A USD amount as decimal text with at most 6 decimals, e.g. "0.005".' });
    return z.NEVER;
  }
  if (atomic > IMPORT_LIMITS.maxPriceAtomic) {
    ctx.addIssue({ code: "custom", message: `At most ${IMPORT_LIMITS.maxPriceAtomic / 1e6} USD per call.` });
    return z.NEVER;
  }
  return atomic;
});

const offerPath = z
  .string()
  .max(500, "At most 500 characters.")
  .regex(/^\/[^\s?#]*$/, "A path starting with '/', without query or fragment.");
const network = z.string().regex(/^[a-z0-9-]{3,8}:[A-Za-z0-9._-]{1,64}$/, "A CAIP-2 network id, e.g. eip155:8453.");
const address = text(200).min(1);
const timeoutSeconds = z.number().int().min(1).max(86_400);

function recordOffer(testMode: boolean) {
  return z.object({
    id: idText,
    protocol: z.enum(PAYMENT_PROTOCOLS).default("x402"),
    method: z.enum(["GET", "POST"]),
    path: offerPath,
    providerUrl: webUrl(testMode).optional(),
    description: text(2000).default(""),
    priceUsd,
    dynamicPrice: z.boolean().default(false),
    unitType: required(40).default("request"),
    intent: required(40).default("charge"),
    docsUrl: webUrl(testMode).optional(),
    exampleInput: freeForm.optional(),
    network: network.optional(),
    asset: address.optional(),
    payTo: address.optional(),
    maxTimeoutSeconds: timeoutSeconds.optional(),
  });
}

function recordService(testMode: boolean) {
  return z
    .object({
      id: idText,
      sourceId: required(200).optional(),
      slug: slugText.optional(),
      surface: z.object({ subjectSlug: slugText }).optional(),
      protocols: z.array(z.enum(PAYMENT_PROTOCOLS)).max(PAYMENT_PROTOCOLS.length).optional(),
      name: required(200),
      website: webUrl(testMode),
      serviceUrl: webUrl(testMode),
      description: text(4000).default(""),
      docsUrl: webUrl(testMode),
      capabilities: z.array(z.enum(CAPABILITIES)).min(1).max(CAPABILITIES.length),
      primaryCapability: z.enum(CAPABILITIES),
      tags: z.array(required(60)).max(30).default([]),
      supportsCredits: z.boolean().default(false),
      calls30d: z.number().int().min(0).max(2_000_000_000).default(0),
      uniquePayers30d: z.number().int().min(0).max(2_000_000_000).default(0),
      // Accepted (an exported service record carries them) and ignored: test results come only from
      // the marketplace's own tests. Counted in the import's summary when they claim a result.
      testStatus: z.enum(TEST_STATUSES).optional(),
      testedAt: isoDate.nullable().optional(),
      entity: z
        .object({
          slug: slugText,
          name: required(200),
          website: webUrl(testMode),
          cataloged: z.boolean().default(true),
        })
        .optional(),
      catalogSource: sourceUri.optional(),
      catalogObservedAt: isoDate.optional(),
      // The x402 requirements every offer shares (the seed's form); an offer's own fields win.
      payment: z.object({ network, asset: address, payTo: address, maxTimeoutSeconds: timeoutSeconds }).optional(),
      evidence: z
        .array(z.object({ text: required(2000), source: webUrl(testMode) }))
        .max(50)
        .optional(),
      offers: z
        .array(recordOffer(testMode))
        .min(1, "A service needs at least one offer.")
        .max(IMPORT_LIMITS.maxOffersPerService),
    })
    .refine((s) => s.capabilities.includes(s.primaryCapability), {
      message: "primaryCapability must be one of capabilities.",
      path: ["primaryCapability"],
    });
}

export type RecordService = z.infer<ReturnType<typeof recordService>>;

const services = (testMode: boolean) =>
  z
    .array(recordService(testMode))
    .max(IMPORT_LIMITS.maxServices, `At most ${IMPORT_LIMITS.maxServices} services per file; split it.`);

const record = (testMode: boolean) => z.object({ schemaVersion: z.literal(1), service: recordService(testMode) });

/** One record {schemaVersion, service}, an array of records, or {services:[service objects]}: the
 * schema is picked by shape (a union would report every branch's issues at once). */
export function recordDocument(document: unknown, testMode: boolean): z.ZodType<RecordService[]> {
  if (Array.isArray(document)) {
    return z
      .array(record(testMode))
      .max(IMPORT_LIMITS.maxServices, `At most ${IMPORT_LIMITS.maxServices} services per file; split it.`)
      .transform((rs) => rs.map((r) => r.service));
  }
  if (document !== null && typeof document === "object" && "services" in document)
    return z.object({ services: services(testMode) }).transform((d) => d.services);
  return record(testMode).transform((r) => [r.service]);
}

// ---- Bazaar discovery list (x402 v2 `DiscoveryResourcesResponse`, v1 amounts accepted) ----

const atomicAmount = z.string().regex(/^\d{1,30}$/, "An integer amount in the asset's atomic units, as text.");

const requirement = z.object({
  scheme: required(40),
  network,
  amount: atomicAmount.optional(),
  maxAmountRequired: atomicAmount.optional(), // x402 v1's name
  asset: address,
  payTo: address,
  maxTimeoutSeconds: timeoutSeconds,
  extra: freeForm.optional(),
});

// Our own discovery list carries these in `metadata`; a foreign list may carry none of them.
const bazaarMetadata = (testMode: boolean) =>
  z.object({
    serviceId: idText.optional(),
    serviceSlug: slugText.optional(),
    serviceName: required(200).optional(),
    serviceDescription: text(4000).optional(),
    website: webUrl(testMode).optional(),
    docsUrl: webUrl(testMode).optional(),
    capabilities: z.array(z.enum(CAPABILITIES)).min(1).max(CAPABILITIES.length).optional(),
    primaryCapability: z.enum(CAPABILITIES).optional(),
    offerId: idText.optional(),
    method: z.enum(["GET", "POST"]).optional(),
    providerUrl: webUrl(testMode).optional(),
    path: offerPath.optional(),
    description: text(2000).optional(),
    catalogSource: sourceUri.optional(),
  });

const bazaarItem = (testMode: boolean) =>
  z.object({
    resource: webUrl(testMode),
    type: z.literal("http", "Only http resources can be imported."),
    x402Version: z.number().int().min(1).max(2),
    accepts: z.array(requirement).min(1, "A resource needs at least one payment requirement.").max(20),
    lastUpdated: isoDate.optional(),
    description: text(2000).optional(),
    serviceName: required(200).optional(),
    tags: z.array(required(60)).max(30).optional(),
    metadata: bazaarMetadata(testMode).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  });

export type BazaarItem = z.infer<ReturnType<typeof bazaarItem>>;

export const bazaarDocument = (testMode: boolean) =>
  z.object({
    x402Version: z.number().int().min(1).max(2),
    items: z
      .array(bazaarItem(testMode))
      .max(IMPORT_LIMITS.maxItems, `At most ${IMPORT_LIMITS.maxItems} items per file; split it.`),
  });

/** Which format a document claims to be (a Bazaar list has `items`). */
export function documentFormat(document: unknown): "bazaar" | "records" {
  return document !== null && typeof document === "object" && !Array.isArray(document) && "items" in document
    ? "bazaar"
    : "records";
}
