// A self-serve listing as zod schemas (no database): the submit and edit inputs, the draft service
// record the probes fill, each URL's probe verdict, and the listing as the API answers it. The
// record's fields take the catalog's own vocabulary and offer shape (capabilities, method, URL rules),
// so an approved listing later imports without a second set of rules.
import { z } from "zod";
import { offerSchema } from "../catalog/service-record-schema";
import { CAPABILITIES, TEST_STATUSES } from "../catalog/vocabulary";
import { storableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from "../input/storable-text";
import { webUrlSchema } from "../input/web-url";
import { CONFORMANCE_CHECKS } from "../probes/conformance-checks";

export const LISTING_STATUSES = ["draft", "pending_review", "approved", "rejected", "paused", "withdrawn"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** The statuses an owner may edit and submit from: an approved listing's edit waits for review while the
 * catalog keeps the approved version; a rejected one is corrected and submitted again. */
export const EDITABLE_STATUSES: readonly ListingStatus[] = ["draft", "pending_review", "approved", "rejected"];

const text = (max: number) => storableText().trim().max(max, `At most ${max} characters.`);
const required = (max: number) => text(max).min(1, "Must not be empty.");

/** A submitted resource URL: absolute http(s); whether the marketplace may call it is the probe's verdict. */
export const resourceUrlSchema = storableText()
  .max(2000, "At most 2000 characters.")
  .refine((s) => {
    try {
      return ["http:", "https:"].includes(new URL(s).protocol);
    } catch {
      return false;
    }
  }, "An absolute http or https URL.");

export const createListingInput = (maxUrls: number) =>
  z.strictObject({
    resourceUrls: z
      .array(resourceUrlSchema)
      .min(1, "At least one resource URL.")
      .max(maxUrls, `At most ${maxUrls} resource URLs per listing.`)
      .refine((urls) => new Set(urls).size === urls.length, "Each resource URL once."),
  });

// A page the listing links to: https without credentials (the sandbox's http origin is the catalog
// import's exception, not a provider's).
const httpsUrl = webUrlSchema();

const factSchema = z.strictObject({ text: required(2000), source: httpsUrl });
const tagsSchema = z
  .array(required(60).transform((t) => t.toLowerCase()))
  .max(30, "At most 30 tags.")
  .transform((tags) => [...new Set(tags)]);

// An offer's example input as the owner gives it: a JSON object the marketplace can store (no U+0000
// or unpaired surrogate anywhere in it) of at most 8 KB of JSON, like the catalog import's.
const EXAMPLE_INPUT_MAX_BYTES = 8 * 1024;
export const exampleInputSchema = z
  .record(z.string(), z.unknown())
  .refine((v) => unstorableTextPath(v) === undefined, UNSTORABLE_TEXT_MESSAGE)
  .refine(
    (v) => Buffer.byteLength(JSON.stringify(v)) <= EXAMPLE_INPUT_MAX_BYTES,
    `At most ${EXAMPLE_INPUT_MAX_BYTES} bytes of JSON.`,
  );

/** What the owner edits: what an unpaid probe cannot know. At least one field. */
export const editListingInput = z
  .strictObject({
    name: required(200),
    description: text(4000),
    website: httpsUrl.nullable(),
    docsUrl: httpsUrl.nullable(),
    primaryCapability: z.enum(CAPABILITIES),
    tags: tagsSchema,
    facts: z.array(factSchema).max(50, "At most 50 facts."),
    offerExamples: z
      .array(
        z.strictObject({
          resourceUrl: resourceUrlSchema,
          exampleInput: exampleInputSchema
            .nullable()
            .describe("Query parameters of a GET or the JSON body of a POST; null removes the example."),
        }),
      )
      .max(50, "At most 50 offers.")
      .describe(
        "An example input per offer (by its resourceUrl), for the marketplace's test and probes; an offer without one is tested with its bazaar example, else with no input.",
      ),
  })
  .partial()
  .refine((e) => Object.keys(e).length > 0, "Send at least one field to change.");
export type EditListingInput = z.infer<typeof editListingInput>;

const jsonObject = z.record(z.string(), z.unknown());

/** One offer as the 402 stated it, with the bazaar extension's schemas when the provider declares them. */
export const listingOfferSchema = z.object({
  resourceUrl: z.string(),
  method: offerSchema.shape.method,
  providerUrl: z.string(),
  path: z.string(),
  scheme: z.string(),
  priceAtomic: z.string().describe("The amount the 402 asks, in the asset's atomic units."),
  priceUsd: z.string().nullable().describe("The amount as USD text when the asset is a known USDC contract."),
  network: z.string(),
  asset: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("The 402's maxTimeoutSeconds, when stated (drafts before it was read have none)."),
  inputSchema: jsonObject.nullable().describe("The bazaar extension's input (schema or example), when declared."),
  outputSchema: jsonObject.nullable().describe("The bazaar extension's output (schema or example), when declared."),
  exampleInput: jsonObject
    .nullable()
    .optional()
    .describe(
      "The owner's example input (PATCH offerExamples), sent by the marketplace's test and probes; null until given.",
    ),
});
export type ListingOffer = z.infer<typeof listingOfferSchema>;

export const listingDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  primaryCapability: z.enum(CAPABILITIES).nullable(),
  capabilityGuessed: z.boolean().describe("True while primaryCapability is the marketplace's guess."),
  tags: z.array(z.string()),
  website: z.string().nullable(),
  docsUrl: z.string().nullable(),
  facts: z.array(z.object({ text: z.string(), source: z.string() })),
  offers: z.array(listingOfferSchema),
});
export type ListingDraft = z.infer<typeof listingDraftSchema>;

export const listingProbeSchema = z.object({
  url: z.string(),
  outcome: z
    .enum(["offer", "refused", "unreachable", "not_402", "unreadable_402"])
    .describe(
      "offer: a 402 with readable terms; refused: the marketplace may not call this address; unreachable: no whole answer in time or within the size cap, or a 5xx; not_402: answered without asking for payment; unreadable_402: no readable PAYMENT-REQUIRED terms.",
    ),
  verdict: z.enum(["conformant", "non_conformant", "unreachable"]).nullable(),
  status: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  failedChecks: z.array(z.enum(CONFORMANCE_CHECKS)),
  detail: z.string().nullable(),
  bazaar: z.boolean().describe("The 402 declared a valid bazaar discovery extension."),
  probedAt: z.string(),
});
export type ListingProbe = z.infer<typeof listingProbeSchema>;

/** One payee (an offer's payTo) of the listing and whether its owner proved control of it (EIP-712). */
export const listingPayeeSchema = z.object({
  payTo: z.string().describe("The payee as the offers state it."),
  payeeVerified: z.boolean().describe("True once the owner signed a payee-proof challenge with this address."),
  verifiedAt: z.string().nullable().describe("When the latest accepted proof was recorded; null while unproven."),
  sandboxPayeeKey: z
    .string()
    .nullable()
    .describe(
      'Only for a payee of the sandbox world, while payments settle on the local test ledger: its private key, sha256("sandbox-payee:<slug>") of the sandbox service\'s slug, public by design (only test USDC is ever paid to it), so the payee proof can be signed offline. Null for every other payee.',
    ),
});
export type ListingPayee = z.infer<typeof listingPayeeSchema>;

/** An offer of the listing that the catalog already lists under another service (catalog-twins.ts). */
export const catalogTwinSchema = z.object({
  resourceUrl: z.string().describe("The listing's offer."),
  serviceSlug: z.string().describe("The catalog service that lists the same provider address."),
  serviceName: z.string(),
  payeeVerified: z.boolean().describe("Whether that service's payees were proven."),
});

/** An operator's decision on one submitted revision, as its owner reads it. */
export const listingDecisionSchema = z.object({
  revision: z.number().int(),
  decision: z.enum(["approved", "rejected"]),
  reason: z.string().nullable().describe("The operator's reason: required for a rejection, optional for an approval."),
  decidedAt: z.string(),
});
export type ListingDecisionView = z.infer<typeof listingDecisionSchema>;

/** The catalog service an approval wrote, as the catalog has it now. */
export const listingCatalogServiceSchema = z.object({
  slug: z.string(),
  state: z
    .enum(["listed", "paused", "withdrawn"])
    .describe("listed: in search, the shortlist and discovery, and routed; paused or withdrawn: out of all of them."),
  testStatus: z.enum(TEST_STATUSES).describe("The marketplace's own paid test of the offers (untested until it ran)."),
  testedAt: z.string().nullable(),
  payeeVerified: z.boolean(),
});
export type ListingCatalogService = z.infer<typeof listingCatalogServiceSchema>;

export const listingSchema = z.object({
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  resourceUrls: z.array(z.string()),
  draft: listingDraftSchema,
  probes: z.array(listingProbeSchema),
  revision: z.number().int().describe("How many times the listing was submitted; each submitted version is kept."),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  payees: z
    .array(listingPayeeSchema)
    .describe("Each distinct payTo of the offers (addresses compared case-insensitively), in the offers' order."),
  decisions: z.array(listingDecisionSchema).describe("The operators' decisions on its revisions, newest first."),
  service: listingCatalogServiceSchema
    .nullable()
    .describe(
      "The catalog service its approval wrote (its page: /services/{slug}); null until a revision is approved.",
    ),
  alreadyListed: z
    .array(catalogTwinSchema)
    .describe(
      "Offers whose provider address the catalog already lists under another service; operators see them before deciding.",
    ),
});
export type ListingView = z.infer<typeof listingSchema>;

export const listingResponseSchema = z.object({ ok: z.literal(true), listing: listingSchema });
export const listingListSchema = z.object({ ok: z.literal(true), listings: z.array(listingSchema) });
export const listingIdSchema = z.object({ id: z.uuid("A listing id is a UUID.") });
