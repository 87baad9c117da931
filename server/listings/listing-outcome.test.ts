// What a listing's owner reads of its review: the operators' decisions with their reasons, newest
// first, and the catalog service an approval wrote, as the catalog has it now (listed or paused, the
// marketplace's test, the payee check); nothing of the kind before a decision.
import { expect, it } from "vitest";
import { createPerson } from "@/server/reviews/test-actors";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { moveListing } from "./listing-lifecycle";
import { editListing, getListing, listListings, submitListing } from "./listings";
import { approveListing, rejectListing } from "./review-decision";

it("shows each decision with its reason, then the approved service's page, state, test and payee check", async () => {
  const owner = await createPerson();
  const operator = await createPerson("operator");
  const id = await listingWithPayees(owner, [newPayee().address]);
  await editListing(owner, id, { name: "Outcome shown to its owner", primaryCapability: "maps-weather" });
  const first = await submitListing(owner, id);
  expect(first).toMatchObject({ decisions: [], service: null });

  await rejectListing(operator, { listingId: id, revision: first.revision, reason: "Add a docs URL, please." });
  const rejected = await getListing(owner, id);
  expect(rejected.decisions).toEqual([
    { revision: 1, decision: "rejected", reason: "Add a docs URL, please.", decidedAt: expect.any(String) },
  ]);
  expect(rejected.service).toBeNull();

  await editListing(owner, id, { docsUrl: "https://payee.example/docs" });
  const second = await submitListing(owner, id);
  const approved = await approveListing(operator, { listingId: id, revision: second.revision });
  const listed = await getListing(owner, id);
  expect(listed.decisions.map((d) => [d.revision, d.decision, d.reason])).toEqual([
    [2, "approved", null],
    [1, "rejected", "Add a docs URL, please."],
  ]);
  expect(listed.service).toEqual({
    slug: approved.serviceSlug,
    state: "listed",
    testStatus: "untested",
    testedAt: null,
    payeeVerified: false,
  });

  await moveListing(owner, id, "pause");
  expect((await listListings(owner)).find((l) => l.id === id)?.service?.state).toBe("paused");
  // Another person reads none of it.
  await expect(getListing(await createPerson(), id)).rejects.toMatchObject({ code: "not_found" });
});
