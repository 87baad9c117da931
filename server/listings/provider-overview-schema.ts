// What happened to an approved listing's service, for its owner (GET /api/listings/{id}/activity,
// the /providers pages): the probes, the marketplace's paid tests, the calls agents made through the
// observer, and the reviews with the share backed by a paid call. A pure zod module (no database):
// the typed client checks answers with it. Each part reuses the public schema of what it shows.
import { z } from "zod";
import { serviceObservedSchema } from "../observe/call-stats-schema";
import { CONFORMANCE_CHECKS } from "../probes/conformance-checks";
import { offerHealthSchema, serviceHealthSchema } from "../probes/health-schema";
import { reviewListItemSchema } from "../reviews/review-schema";

const offerRef = z
  .object({ id: z.string(), method: z.string(), path: z.string() })
  .describe("The offer as the catalog has it now.");

export const activityProbeSchema = z.object({
  offer: offerRef,
  probedAt: z.iso.datetime(),
  verdict: z.enum(["conformant", "non_conformant", "unreachable"]),
  status: z.int().nullable().describe("The HTTP status of the unpaid answer; null when none arrived."),
  latencyMs: z.int(),
  failedChecks: z.array(z.enum(CONFORMANCE_CHECKS)),
  detail: z.string().nullable(),
});

export const activityTestSchema = z.object({
  id: z.string(),
  testedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  trigger: z.string().describe("What started the test: approval, operator, terms_change."),
  offer: offerRef
    .nullable()
    .describe("The tested offer; null when a re-import removed it since (the history outlives it)."),
  offerId: z.string(),
  outcome: z.string().describe("running, output, no-output, skipped-budget or refused."),
  status: z.int().nullable().describe("The provider's HTTP status to the paid call."),
  latencyMs: z.int().nullable(),
  excerpt: z.string().nullable().describe("The start of the answer, as text (shown as text, never as HTML)."),
  detail: z.string().nullable(),
  spentUsd: z.string().describe("What the marketplace's test wallet paid, USD as decimal text."),
  reviewId: z.string().nullable().describe("The marketplace's test review this test is part of (/reviews/{id})."),
});

export const activityCallSchema = z.object({
  at: z.iso.datetime(),
  offer: offerRef.nullable(),
  method: z.string(),
  status: z.int(),
  outcome: z.string().describe("provider (the provider answered) or the observer's error code."),
  latencyMs: z.int().nullable(),
  paid: z.boolean(),
});

export const listingActivitySchema = z.object({
  slug: z.string().describe("The catalog service (/services/{slug})."),
  windowDays: z.int().describe("The window of the call figures and the probes' uptime."),
  probes: z.object({
    health: serviceHealthSchema,
    offers: z.array(z.object({ offer: offerRef, health: offerHealthSchema })),
    recent: z.array(activityProbeSchema).describe("The latest probes of the service's offers, newest first."),
  }),
  tests: z.object({
    total: z.int().describe("Every marketplace test of the service, ever."),
    spentUsd: z.string().describe("What all of them paid together, USD."),
    recent: z.array(activityTestSchema).describe("The latest tests, newest first."),
  }),
  calls: serviceObservedSchema.extend({
    errorRate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe("1 − successRate: observer errors and provider answers of 500 or more; null without calls."),
    p95LatencyMs: z.int().nullable(),
    statuses: z
      .array(z.object({ status: z.int(), calls: z.int() }))
      .describe("Calls of the window per status answered to the agent, most frequent first."),
    recent: z.array(activityCallSchema).describe("The latest answered calls, newest first (no payer or token)."),
  }),
  reviews: z.object({
    count: z.int().describe("Published reviews of the service."),
    averageRating: z.number().nullable().describe("Their mean rating (one decimal); null without reviews."),
    verifiedCount: z.int().describe("Published reviews whose agent made a paid call to the service first."),
    verifiedShare: z.number().min(0).max(1).nullable().describe("verifiedCount / count; null without reviews."),
    latest: z.array(reviewListItemSchema).describe("The newest published reviews, list form."),
  }),
});
export type ListingActivity = z.infer<typeof listingActivitySchema>;

export const listingActivityResponseSchema = z.object({
  ok: z.literal(true),
  listingId: z.string(),
  activity: listingActivitySchema
    .nullable()
    .describe("Null until a revision of the listing is approved (no catalog service yet)."),
});
export type ListingActivityResponse = z.infer<typeof listingActivityResponseSchema>;
