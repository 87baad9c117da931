// The shortlist result of decisions.md §4, as a zod schema (response shape and OpenAPI).
import { z } from "zod";
import { REVIEW_RATING } from "../catalog/service-record-schema";
import { CAPABILITIES } from "../catalog/vocabulary";

export const conditionCheckSchema = z.object({
  id: z.string(),
  requirement: z.string(),
  priority: z.enum(["must", "prefer"]),
  status: z.enum(["met", "unmet", "unknown"]),
  evidence: z.object({ text: z.string(), source: z.string() }).optional(),
});

export const matchSchema = z.object({
  rank: z.int().min(1),
  service: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    website: z.url(),
    profileUrl: z.url(),
    primaryCapability: z.enum(CAPABILITIES),
  }),
  // The estimated probability that the service serves the outcome, on the same scale for every
  // request (`all`: shifted a little by reputation and met preferences; `exact` is name
  // similarity). Fitted on labelled dev requests: expected calibration error (all / hybrid) 0.030 /
  // 0.033 there, 0.059 / 0.063 on held-out requests (docs/decisions.md). A service whose every probed
  // endpoint fails keeps its score but ranks as if it were half.
  score: z.number().min(0).max(1),
  fitReasons: z.array(z.string()),
  conditions: z.array(conditionCheckSchema),
  // verifiedReviewCount: reviews by a token that made a paid call to the service through the observer;
  // verifiedPurchaseReviewCount: reviews backed by a signed receipt, the marketplace's of such a call
  // or the provider's own of a payment by the author's wallet (made through the observer or not, so
  // not necessarily a part of verifiedReviewCount).
  // rating and reviewRating as in the service record: rating null while untested, reviewRating the
  // review average whatever the test status.
  reputation: z.object({
    rating: z.number().nullable(),
    reviewRating: REVIEW_RATING,
    reviewCount: z.int(),
    humanReviewedCount: z.int(),
    verifiedReviewCount: z.int(),
    verifiedPurchaseReviewCount: z.int(),
    lastReviewAt: z.iso.datetime().nullable(),
  }),
  links: z.object({ profile: z.url(), purchase: z.url(), docs: z.url() }),
  // protocol: how the offer is paid (an endpoint sold with x402 and MPP is listed once per protocol).
  // priceUnit: what one listed price buys when the record says so ("audio minute", "megabyte");
  // absent when the record is silent (then the price is per call as far as the catalog knows).
  // links.purchase: the offer that fits the outcome best by its description and path, then the cheapest,
  // never one the marketplace's probes observed unreachable, non-conformant or routing-stopped (those
  // are listed last); the service page when every observed endpoint fails.
  offers: z.array(
    z.object({
      id: z.string(),
      protocol: z.string(),
      method: z.enum(["GET", "POST"]),
      path: z.string(),
      priceUsd: z.string(),
      priceUnit: z.string().optional(),
      callUrl: z.url(),
    }),
  ),
});
export type ShortlistMatch = z.infer<typeof matchSchema>;

export const shortlistSchema = z.object({
  query: z.object({
    outcome: z.string(),
    conditions: z.array(z.object({ id: z.string(), requirement: z.string(), priority: z.enum(["must", "prefer"]) })),
    constraints: z.object({
      protocol: z.enum(["mpp", "x402"]).optional(),
      tested: z.enum(["true", "output", "no-output"]).optional(),
      maxPriceUsd: z.number().optional(),
    }),
    search: z.enum(["all", "exact", "terms", "semantic", "hybrid"]),
    limit: z.int(),
  }),
  matches: z.array(matchSchema),
  // Retrieved above the relevance floor but left out because a must condition is unmet (ids of those conditions).
  excluded: z.array(z.object({ slug: z.string(), unmet: z.array(z.string()) })),
  // Present only when `matches` is empty: nothing in the catalog fits, and where to look instead.
  note: z.string().optional(),
  // Present when no match is likely to serve the need: `matches` is empty, or (every mode but
  // `exact`) no match's score reaches 0.5. Says so in words, names what came closest (up to three:
  // services a must condition left out first, then the most probable retrieved ones; the matches
  // themselves when there are some) and why each does not serve.
  nothingFits: z
    .object({
      summary: z.string(),
      closest: z.array(
        z.object({
          slug: z.string(),
          name: z.string(),
          score: z.number().min(0).max(1),
          whyNot: z.string(),
        }),
      ),
    })
    .optional(),
  catalogObservedAt: z.iso.datetime(),
  generatedAt: z.iso.datetime(),
});
export type Shortlist = z.infer<typeof shortlistSchema>;

/** 200 of a completed shortlist purchase (server/payments/purchase-phases.ts `fulfil`). */
export const shortlistPurchaseSchema = z.object({
  ok: z.literal(true),
  idempotentReplay: z
    .boolean()
    .describe(
      "true when this is the stored response of a completed purchase, replayed for its original PAYMENT-SIGNATURE; nothing is charged again.",
    ),
  requestId: z.string().describe("The purchase's idempotency key (`request_id` or Idempotency-Key)."),
  shortlist: shortlistSchema,
});
