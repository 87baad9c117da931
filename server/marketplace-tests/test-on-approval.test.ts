// An approved listing is tested once on approval: a person lists a healthy sandbox provider, an
// operator approves it, the approval's transaction enqueues one test job (an approval rolled back at
// commit leaves none), and the test-job worker's paid test sets its testStatus and test review without
// anyone asking. The approval also keeps each offer's declared bazaar schemas for that test.
import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "@/server/generated/prisma/client";
import { db, sqlQuery } from "@/server/db";
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
import { createTestJobWorker } from "./test-job-worker";
import { testWallet } from "./test-wallet";

let sandbox: Sandbox;
const outbound = createSafeOutbound({ connectTimeoutMs: 1000 });
const budgetAtStart = env.TEST_BUDGET_USD_PER_DAY;

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  await creditTestFunds({ address: (await testWallet()).address, amountUsd: 10 });
  env.TEST_BUDGET_USD_PER_DAY = 10;
});
afterAll(async () => {
  env.TEST_BUDGET_USD_PER_DAY = budgetAtStart;
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), outbound.close()]);
});

async function submittedSandboxListing(name: string) {
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
  await editListing(owner, created.id, { name, primaryCapability: "maps-weather" });
  return { offer, listing: await submitListing(owner, created.id) };
}

it("an approval rolled back at commit enqueues no test", async () => {
  const { listing } = await submittedSandboxListing("Tide tables rolled back");
  // A deferred constraint trigger fails the approval's commit after the job was written in it.
  await sqlQuery(Prisma.sql`
    CREATE FUNCTION fail_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$`);
  await sqlQuery(Prisma.sql`
    CREATE CONSTRAINT TRIGGER fail_commit AFTER INSERT ON service_test_jobs
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_commit()`);
  try {
    await expect(
      approveListing(await createPerson("operator"), { listingId: listing.id, revision: listing.revision }),
    ).rejects.toThrow(/commit refused/);
  } finally {
    await sqlQuery(Prisma.sql`DROP TRIGGER fail_commit ON service_test_jobs`);
    await sqlQuery(Prisma.sql`DROP FUNCTION fail_commit()`);
  }
  expect(await db.listing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
    status: "pending_review",
    serviceId: null,
  });
  expect(await db.service.count({ where: { id: listingServiceId(listing.id) } })).toBe(0);
  expect(await db.serviceTestJob.count({ where: { serviceId: listingServiceId(listing.id) } })).toBe(0);
});

it("tests the service of an approved listing once, by itself", { timeout: 60_000 }, async () => {
  const { offer, listing } = await submittedSandboxListing("Tide tables on approval");
  const decision = await approveListing(await createPerson("operator"), {
    listingId: listing.id,
    revision: listing.revision,
  });
  expect(decision.serviceId).toBe(listingServiceId(listing.id));
  // Committed with the approval: one job, due now, nobody's yet.
  expect(await db.serviceTestJob.findMany({ where: { serviceId: decision.serviceId! } })).toMatchObject([
    { trigger: "approval", state: "pending", attempts: 0, leasedBy: null },
  ]);

  // Nobody asks: the worker (any instance's) runs the job.
  const worker = createTestJobWorker({ concurrency: 1, maxAttempts: 3, pollMs: 50 });
  worker.start();
  await worker.idle();
  await worker.stop();
  const service = await db.service.findUniqueOrThrow({ where: { id: decision.serviceId! } });
  expect(service.testStatus).toBe("tested-output");
  expect(service.testedAt).not.toBeNull();
  expect(service.testReviewId).not.toBeNull();
  const tests = await db.serviceTest.findMany({ where: { serviceId: service.id } });
  expect(tests.map((t) => [t.trigger, t.outcome, t.spentAtomic])).toEqual([
    ["approval", "output", BigInt(offer.priceAtomic)],
  ]);
  expect(await db.serviceTestJob.findMany({ where: { serviceId: service.id } })).toMatchObject([
    { trigger: "approval", state: "done", outcome: "tested", attempts: 1 },
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
  await approveListing(await createPerson("operator"), { listingId: id, revision: listing.revision });
  const rows = await db.offerSchemas.findMany({
    where: { offerId: { in: ["/r0", "/r1"].map((p) => listingOfferId(id, "GET", p)) } },
  });
  expect(rows.map((r) => [r.offerId, r.inputSchema, r.outputSchema])).toEqual([
    [listingOfferId(id, "GET", "/r0"), input, output],
  ]);
});
