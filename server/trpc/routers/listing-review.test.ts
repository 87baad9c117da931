// The listing-review procedures: operators only (members FORBIDDEN, signed out UNAUTHORIZED); a
// rejection without a reason or with one over 1000 characters is BAD_REQUEST; a decision made is
// CONFLICT the second time; the queue answers through tRPC in its schema.
import { describe, expect, it } from "vitest";
import { editListing, submitListing } from "../../listings/listings";
import { reviewQueueSchema } from "../../listings/review-queue-schema";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { callerFor, createPerson, signedOutCaller } from "../test-callers";

const SOME_ID = "00000000-0000-4000-8000-000000000000";

describe("listing review procedures", () => {
  it("refuse everyone but operators", async () => {
    for (const [caller, code] of [
      [await callerFor(await createPerson("member")), "FORBIDDEN"],
      [await signedOutCaller(), "UNAUTHORIZED"],
    ] as const) {
      await expect(caller.listingReview.queue({})).rejects.toMatchObject({ code });
      await expect(caller.listingReview.approve({ listingId: SOME_ID, revision: 1 })).rejects.toMatchObject({ code });
      await expect(
        caller.listingReview.reject({ listingId: SOME_ID, revision: 1, reason: "No." }),
      ).rejects.toMatchObject({ code });
    }
  });

  it("an operator sees the queue, must give a reason to reject, and decides once", async () => {
    const owner = await createPerson();
    const id = await listingWithPayees(owner, [newPayee().address]);
    await editListing(owner, id, { name: "Procedure Check Listing", primaryCapability: "web-data" });
    await submitListing(owner, id);
    const op = await callerFor(await createPerson("operator"));
    const queue = reviewQueueSchema.parse(await op.listingReview.queue({ limit: 50 }));
    expect(queue.listings.find((l) => l.listingId === id)).toMatchObject({ revision: 1, diff: null });
    await expect(op.listingReview.reject({ listingId: id, revision: 1, reason: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      op.listingReview.reject({ listingId: id, revision: 1, reason: "x".repeat(1001) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const rejected = await op.listingReview.reject({ listingId: id, revision: 1, reason: "Name the provider." });
    expect(rejected).toMatchObject({ decision: "rejected", reason: "Name the provider." });
    await expect(op.listingReview.approve({ listingId: id, revision: 1 })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
