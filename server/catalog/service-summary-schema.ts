// One service in a list (browse, search) as a pure zod schema (no database).
import { z } from "zod";
import { serviceHealthSchema } from "../probes/health-schema";
import { REVIEW_RATING } from "./service-record-schema";
import { CAPABILITIES, PAYMENT_PROTOCOLS, TEST_STATUSES } from "./vocabulary";

export const serviceSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  primaryCapability: z.enum(CAPABILITIES),
  capabilities: z.array(z.enum(CAPABILITIES)),
  tags: z.array(z.string()),
  protocols: z.array(z.enum(PAYMENT_PROTOCOLS)),
  offerCount: z.number().int(),
  startingPriceUsd: z.string(),
  startingPriceLabel: z.string(),
  testStatus: z.enum(TEST_STATUSES),
  // As in the record: `rating` null while untested, the review average in `reviewRating` whatever the status.
  rating: z.number().nullable(),
  reviewRating: REVIEW_RATING,
  reviewCount: z.number().int(),
  calls30d: z.number().int(),
  profileUrl: z.url(),
  recordUrl: z.url(),
  // Additive: the service health of the record (the `healthy` filter reads the same rule).
  health: serviceHealthSchema,
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;
