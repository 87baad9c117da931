// An approved listing is tested once on approval: a person lists a healthy sandbox provider, an
// operator approves it, and the marketplace's paid test sets its testStatus and test review without
// anyone asking. The approval also keeps each offer's declared bazaar schemas for that test.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { listingOfferId, listingServiceId } from "@/server/listings/listing-service";
import { createListing, editListing, submitListing, type ProbeDeps } from "@/server/listings/listings";
import { approveListing } from "@/server/listings/review-decision";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { createPerson } from "@/server/reviews/test-actors";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { testApprovedListings } from "./test-on-approval";
import { testWallet } from "./test-wallet";

let sandbox: Sandbox;
const outbound = createSafeOutbound({ connectTimeoutMs: 1000 });
let stopListening: () => void;
const budgetAtStart = env.TEST_BUDGET_USD_PER_DAY;

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  await creditTestFunds({ address: (await testWallet()).address, amountUsd: 10 });
  env.TEST_BUDGET_USD_PER_DAY = 10;
  stopListening = testApprovedListings();
});
afterAll(async () => {
  stopListening();
  env.TEST_BUDGET_USD_PER_DAY = budgetAtStart;
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), outbound.close()]);
});

it("tests the service of an approved listing once, by itself", { timeout: 60_000 }, async () => {
  const offer = (await loadSandboxOffers()).find(
    (o) => o.method === "GET" && o.delivers && profileOf(o.slug).kind === "healthy",
  )!;
  const deps: ProbeDeps = {
    outbound,
    limits: { timeoutMs: 1500, maxBytes: 256 * 1024 },
    mode: { testMode: false, localPayments: true, testPort: () => false, sandboxOrigin: sandbox.url },
  };
  const owner = await createPerson();
  const created = await createListing(owner, { resourceUrls: [`${sandbox.url}/${offer.slug}${offer.path}`] }, deps);
  await editListing(owner, created.id, { name: "Tide tables on approval", primaryCapability: "maps-weather" });
  const listing = await submitListing(owner, created.id);
  const decision = await approveListing(await createPerson("operator"), {
    listingId: listing.id,
    revision: listing.revision,
  });
  expect(decision.serviceId).toBe(listingServiceId(listing.id));

  // Nobody asks: the test runs after the approval and its status lands within seconds.
  let service = await db.service.findUniqueOrThrow({ where: { id: decision.serviceId! } });
  for (let i = 0; i < 100 && service.testStatus === "untested"; i++) {
    await new Promise((r) => setTimeout(r, 200));
    service = await db.service.findUniqueOrThrow({ where: { id: decision.serviceId! } });
  }
  expect(service.testStatus).toBe("tested-output");
  expect(service.testedAt).not.toBeNull();
  expect(service.testReviewId).not.toBeNull();
  const tests = await db.serviceTest.findMany({ where: { serviceId: service.id } });
  expect(tests.map((t) => [t.trigger, t.outcome, t.spentAtomic])).toEqual([
    ["approval", "output", BigInt(offer.priceAtomic)],
  ]);
});

it("keeps each offer's declared input and output schemas, and none for an offer that declares none", async () => {
  const owner = await createPerson();
  const id = await listingWithPayees(owner, [newPayee().address, newPayee().address]);
  const row = await db.listing.findUniqueOrThrow({ where: { id } });
  const draft = row.draft as { offers: Record<string, unknown>[] };
  const input = { type: "object", properties: { station: { type: "string" } }, required: ["station"] };
  const output = { type: "object", properties: { tides: { type: "array" } } };
  draft.offers[0] = { ...draft.offers[0], inputSchema: input, outputSchema: output };
  await db.listing.update({ where: { id }, data: { draft: draft as unknown as Prisma.InputJsonValue } });
  await editListing(owner, id, { name: "Schemas kept", primaryCapability: "maps-weather" });
  const listing = await submitListing(owner, id);
  // Without the start-up registration nothing is tested here (the provider is not reachable).
  stopListening();
  try {
    await approveListing(await createPerson("operator"), { listingId: id, revision: listing.revision });
  } finally {
    stopListening = testApprovedListings();
  }
  const rows = await db.offerSchemas.findMany({
    where: { offerId: { in: ["/r0", "/r1"].map((p) => listingOfferId(id, "GET", p)) } },
  });
  expect(rows.map((r) => [r.offerId, r.inputSchema, r.outputSchema])).toEqual([
    [listingOfferId(id, "GET", "/r0"), input, output],
  ]);
});
