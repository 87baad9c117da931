// The ad a paid ad retrieval answers with (decisions.md §6), also what the sponsored slot on
// /services shows: always marked sponsored, always naming the promoted service.
import { z } from "zod";
import { purchaseAnswerFields } from "../purchase-answer-schema";

export const adSchema = z.object({
  id: z.uuid().describe("The placement's id (its order)."),
  headline: z.string().describe("The ad's headline, as the advertiser wrote it."),
  body: z.string().describe("The ad's text."),
  url: z.url().describe("Where the ad links: the advertiser's URL, or the service's page in the marketplace."),
  sponsored: z.literal(true).describe("Always true: show it labelled as sponsored, apart from organic results."),
  service: z.object({ slug: z.string(), name: z.string() }).describe("The promoted service."),
});
export type Ad = z.infer<typeof adSchema>;

/** 200 of a paid ad retrieval. */
export const adPurchaseSchema = z.object({
  ok: z.literal(true),
  ...purchaseAnswerFields,
  ad: adSchema,
});
