// Reads of the ad slot that change nothing: the paid ad's precheck (is anything eligible?) and the
// sponsored slot of the /services page (which ad is next in rotation, not counted as a serve).
import { db } from "../db";
import { AppError } from "../errors";
import type { Ad } from "./ad-record";
import type { AdContext } from "./ad-request";
import { activePlacements, nextInRotation, targets, toAd } from "./placement-candidates";

/** The precheck of a paid ad: 409 no_eligible_ad, before anything is verified or settled. */
export async function assertEligibleAd(context: AdContext): Promise<void> {
  const eligible = (await activePlacements(db)).some((c) => targets(c, context));
  if (!eligible) {
    throw new AppError(
      "no_eligible_ad",
      "No active sponsored placement matches this context. Nothing was verified or charged, and the same PAYMENT-SIGNATURE can be sent again later.",
    );
  }
}

/** The placement the slot would serve next for these filters (none: any active placement), or null. */
export async function nextSponsored(context: AdContext | null): Promise<Ad | null> {
  const next = nextInRotation((await activePlacements(db)).filter((c) => targets(c, context)));
  return next ? toAd(next) : null;
}
