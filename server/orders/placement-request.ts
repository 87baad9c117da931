// The sponsored placement request body: which service is promoted, where it may appear (a
// capability, a search query, or both) and for how long. Every rule is in the published schema.
import { z } from "zod";
import { serviceSlugSchema } from "../catalog/get-service";
import { CAPABILITIES } from "../catalog/vocabulary";
import { purchaseRequestIdSchema } from "../input/purchase-request-id";

const text = (min: number, max: number) =>
  z.string().min(min).max(max).regex(/\S/, "Must contain a visible character.");

export const placementTargetingSchema = z
  .strictObject({
    capabilities: z
      .array(z.enum(CAPABILITIES))
      .min(1)
      .max(CAPABILITIES.length)
      .optional()
      .describe("Show the ad for requests in these capabilities."),
    query: text(2, 200).optional().describe("Show the ad for requests whose words include this query's words."),
  })
  .refine((t) => t.capabilities !== undefined || t.query !== undefined, {
    message: "Give `capabilities`, `query` or both.",
  })
  .meta({ anyOf: [{ required: ["capabilities"] }, { required: ["query"] }] });

export const placementRequestSchema = z.strictObject({
  request_id: purchaseRequestIdSchema,
  service: serviceSlugSchema.describe("Slug of the catalogued service to promote."),
  headline: text(1, 80).describe("The ad's headline."),
  body: text(1, 280).describe("The ad's text."),
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional()
    .describe("Where the ad links; default: the service's page in the marketplace."),
  targeting: placementTargetingSchema,
  durationDays: z.int().min(1).max(90).describe("Days the placement stays active once an operator activates it."),
});
export type PlacementRequest = z.infer<typeof placementRequestSchema>;
