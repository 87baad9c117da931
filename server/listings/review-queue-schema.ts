// The operators' review queue as zod schemas (no database): each listing waiting for review with
// the revision it submitted, its probe verdicts, its payees, and what would change in the catalog.
import { z } from "zod";
import { storableText } from "../input/storable-text";
import { catalogTwinSchema, listingDraftSchema, listingPayeeSchema, listingProbeSchema } from "./listing-schema";

export const reviewQueueInput = z.strictObject({
  limit: z.int().min(1).max(50).default(20),
  cursor: storableText().max(400).optional(),
});

// Values as text: strings as they are, lists and numbers as JSON (shown as text, never as HTML).
const change = z.object({ field: z.string(), before: z.string(), after: z.string() });

export const offerChangeSchema = z.object({
  method: z.string(),
  path: z.string(),
  change: z.enum(["added", "removed", "changed"]),
  fields: z.array(change).describe("For a changed offer: each field with its catalog and submitted value."),
});

export const catalogDiffSchema = z.object({
  serviceSlug: z.string(),
  fields: z.array(change).describe("Service fields whose submitted value differs from the catalog's."),
  offers: z.array(offerChangeSchema),
});
export type CatalogDiff = z.infer<typeof catalogDiffSchema>;

export const reviewQueueItemSchema = z.object({
  listingId: z.string(),
  revision: z.int(),
  submittedAt: z.string(),
  draft: listingDraftSchema,
  probes: z.array(listingProbeSchema),
  payees: z.array(listingPayeeSchema),
  decisions: z
    .array(
      z.object({
        revision: z.int(),
        decision: z.enum(["approved", "rejected"]),
        reason: z.string().nullable(),
        decidedAt: z.string(),
      }),
    )
    .describe("Earlier decisions on this listing, newest first."),
  alreadyListed: z.array(catalogTwinSchema).describe("Offers the catalog already lists under another service."),
  diff: catalogDiffSchema.nullable().describe("Against the current catalog record; null when never approved."),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueSchema = z.object({
  listings: z.array(reviewQueueItemSchema),
  nextCursor: z.string().nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;
