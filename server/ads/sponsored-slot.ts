// The labelled sponsored slot of the /services page: the placement the paid ad would serve next
// for the page's filters. Showing it counts nothing: paid serves alone drive the rotation, and a
// page view (prefetched, crawled, reloaded) is not a serve anyone paid for.
import { z } from "zod";
import { CAPABILITIES } from "../catalog/vocabulary";
import { storableText } from "../input/storable-text";
import type { Ad } from "./ad-record";
import type { AdContext } from "./ad-request";
import { nextSponsored } from "./eligible-ad";

export const sponsoredSlotInput = z.object({
  q: storableText().trim().min(1).max(200).optional(),
  capability: z.enum(CAPABILITIES).optional(),
});
export type SponsoredSlotInput = z.infer<typeof sponsoredSlotInput>;

export function sponsoredSlot(input: SponsoredSlotInput): Promise<Ad | null> {
  const context: AdContext | null =
    input.q === undefined && input.capability === undefined ? null : { query: input.q, capability: input.capability };
  return nextSponsored(context);
}
