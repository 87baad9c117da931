// An approved listing is tested once, right after its approval (issue: "approved listings are tested
// once on approval"), by the process that approved it. Registered once per process at start-up
// (instrumentation.ts). A process that dies before the test ends leaves the service untested, which
// it says; an operator can run the test from the moderation page.
import { logger } from "../logger";
import { onListingApproved, type ListingApprovedEvent } from "../listings/listing-approved-listeners";
import { testService } from "./test-service";

let registered: (() => void) | undefined;

export function testApprovedListings(): () => void {
  registered ??= onListingApproved((event: ListingApprovedEvent) => {
    void testService(event.serviceId, "approval").catch((err: unknown) =>
      logger.warn({ err, serviceId: event.serviceId }, "the test after a listing approval failed"),
    );
  });
  return () => {
    registered?.();
    registered = undefined;
  };
}
