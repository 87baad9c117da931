// The observer's figures as the service record shows them: pure schemas (no database), so the
// typed client can check answers with them.
import { z } from "zod";

export const serviceObservedSchema = z.object({
  calls30d: z.int(),
  paidCalls30d: z.int(),
  uniquePayers30d: z.int(),
  successRate: z.number().min(0).max(1).nullable(),
  p50LatencyMs: z.int().nullable(),
});
export type ServiceObserved = z.infer<typeof serviceObservedSchema>;

export const offerObservedSchema = z.object({
  calls30d: z.int(),
  successRate: z.number().min(0).max(1).nullable(),
  p50LatencyMs: z.int().nullable(),
});
export type OfferObserved = z.infer<typeof offerObservedSchema>;

export const NO_SERVICE_CALLS: ServiceObserved = {
  calls30d: 0,
  paidCalls30d: 0,
  uniquePayers30d: 0,
  successRate: null,
  p50LatencyMs: null,
};
export const NO_OFFER_CALLS: OfferObserved = { calls30d: 0, successRate: null, p50LatencyMs: null };
