// An approved listing is probed within seconds, not at the scheduler's next minute-long sweep: the
// approval gives the service's new x402 offers schedule rows due now (in its transaction), and a
// running scheduler, which leases at least every IDLE_POLL_MS (5 s) when idle, records the first
// probe within PROBED_WITHIN_MS. A later approval whose revision adds an offer gives it a row and
// leaves the kept offers' rows (their next probe time) alone; an offer a revision drops loses its
// row with the offer (ON DELETE CASCADE).
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "@/server/accounts/actor";
import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { addMissingScheduleRows } from "@/server/probes/probe-schedule";
import { createProbeScheduler } from "@/server/probes/probe-scheduler";
import { createPerson } from "@/server/reviews/test-actors";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { listingDraftSchema } from "./listing-schema";
import { listingOfferId } from "./listing-service";
import { createListing, editListing, submitListing, type ProbeDeps } from "./listings";
import { approveListing } from "./review-decision";

/** The bound this file states: the scheduler's idle lease poll (5 s) plus one sandbox probe, with room. */
const PROBED_WITHIN_MS = 8_000;

let sandbox: Sandbox;
let offers: SandboxOffer[];
let deps: ProbeDeps;
const outbound = createSafeOutbound({ connectTimeoutMs: 1000 });
let operator: Actor;

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = (await loadSandboxOffers()).filter((o) => o.method === "GET" && profileOf(o.slug).kind === "healthy");
  deps = {
    outbound,
    limits: { timeoutMs: 1500, maxBytes: 256 * 1024 },
    mode: { testMode: false, localPayments: true, testPort: () => false, sandboxOrigin: sandbox.url },
  };
  operator = await createPerson("operator");
  // Every offer already in the catalog has its row and waits a day: only the listing's can be due.
  await addMissingScheduleRows();
  await db.offerProbeSchedule.updateMany({ data: { nextProbeAt: new Date(Date.now() + 86_400_000) } });
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), outbound.close()]);
});

/** A submitted listing of the sandbox offers `picked`, by a fresh owner. */
async function submitted(name: string, picked: SandboxOffer[]) {
  const owner = await createPerson();
  const resourceUrls = picked.map((o) => `${sandbox.url}/${o.slug}${o.path}`);
  const listing = await createListing(owner, { resourceUrls }, deps);
  expect(listing.probes.map((p) => p.outcome)).toEqual(picked.map(() => "offer"));
  await editListing(owner, listing.id, { name, primaryCapability: "maps-weather" });
  return { owner, listing: await submitListing(owner, listing.id) };
}

const scheduleOf = (offerIds: string[]) =>
  db.offerProbeSchedule.findMany({ where: { offerId: { in: offerIds } }, orderBy: { offerId: "asc" } });

it("the approval gives the new offers schedule rows due now, and a running scheduler probes them within seconds", async () => {
  const scheduler = createProbeScheduler({
    intervalMs: 600_000,
    timeoutMs: 3_000,
    maxBytes: 64 * 1024,
    hostConcurrency: 8,
    hostSpacingMs: 0,
    concurrency: 16,
  });
  scheduler.start();
  try {
    // Its first pass (the minute's sweep of missing rows included) is behind it: nothing is due.
    await scheduler.idle();
    expect(scheduler.recorded).toBe(0);
    const { listing } = await submitted("Prompt Probe Tides", offers.slice(0, 2));
    const ids = listing.draft.offers.map((o) => listingOfferId(listing.id, o.method, o.path));

    const before = new Date();
    await approveListing(operator, { listingId: listing.id, revision: 1 });
    const rows = await scheduleOf(ids);
    expect(rows.map((r) => r.offerId)).toEqual([...ids].sort());
    for (const r of rows) {
      expect(r.nextProbeAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(r.nextProbeAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    }

    const approvedAt = Date.now();
    let probed = 0;
    while (Date.now() - approvedAt < PROBED_WITHIN_MS) {
      probed = await db.offerProbe.count({ where: { offerId: { in: ids } } });
      if (probed === ids.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(probed).toBe(ids.length);
    expect(Date.now() - approvedAt).toBeLessThan(PROBED_WITHIN_MS);
  } finally {
    await scheduler.stop();
  }
}, 60_000);

it("a later approval gives an added offer its row, keeps a kept offer's, and a dropped offer's row goes with it", async () => {
  const [a, b] = offers.slice(2, 4) as [SandboxOffer, SandboxOffer];
  const { owner, listing } = await submitted("Changing Offers Tides", [a]);
  await approveListing(operator, { listingId: listing.id, revision: 1 });
  const idOf = (o: { method: string; path: string }) => listingOfferId(listing.id, o.method, o.path);
  const [offerA] = listing.draft.offers;
  const kept = idOf(offerA!);
  // The kept offer was probed since: its next probe is an interval away, and stays so.
  const later = new Date(Date.now() + 3_600_000);
  await db.offerProbeSchedule.update({ where: { offerId: kept }, data: { nextProbeAt: later } });

  // The next revision has a second offer (the draft as a re-probe would leave it: b's terms).
  const withB = await createListing(owner, { resourceUrls: [`${sandbox.url}/${b.slug}${b.path}`] }, deps);
  const offerB = withB.draft.offers[0]!;
  const row = await db.listing.findUniqueOrThrow({ where: { id: listing.id } });
  const draft = listingDraftSchema.parse(row.draft);
  await setOffers(listing.id, { ...draft, offers: [...draft.offers, offerB] });
  await editListing(owner, listing.id, { name: "Changing Offers Tides 2" });
  await submitListing(owner, listing.id);
  await approveListing(operator, { listingId: listing.id, revision: 2 });
  const rows = await scheduleOf([kept, idOf(offerB)]);
  expect(rows.find((r) => r.offerId === kept)!.nextProbeAt).toEqual(later);
  expect(rows.find((r) => r.offerId === idOf(offerB))!.nextProbeAt.getTime()).toBeLessThanOrEqual(Date.now());

  // The revision after drops the first offer: the offer and its schedule row are gone.
  await setOffers(listing.id, { ...draft, offers: [offerB] });
  await editListing(owner, listing.id, { name: "Changing Offers Tides 3" });
  await submitListing(owner, listing.id);
  await approveListing(operator, { listingId: listing.id, revision: 3 });
  expect(await db.offer.findUnique({ where: { id: kept } })).toBeNull();
  expect((await scheduleOf([kept, idOf(offerB)])).map((r) => r.offerId)).toEqual([idOf(offerB)]);
}, 60_000);

/** The listing's draft with these offers (no edit of offers exists yet; a re-probe would write them so). */
async function setOffers(listingId: string, draft: unknown) {
  await db.listing.update({ where: { id: listingId }, data: { draft: draft as Prisma.InputJsonValue } });
}
