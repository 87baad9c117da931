// Operator review of listings on the real database, with listings drafted from real probes of the
// sandbox world: the queue, approval into the catalog through the import's writer (found by the free
// search, the shortlist and the discovery list, in this process and in a second one with its own
// caches), a second approval updating the same service, rejection with a reason, one decision per
// revision under concurrency, outdated revisions, operators only, pause/resume/withdraw, and
// payeeVerified from real EIP-712 proofs.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/server/accounts/actor";
import { listDiscoveryResources } from "@/server/catalog/discovery/list-discovery-resources";
import { getServiceRecord } from "@/server/catalog/get-service";
import { LISTING_SOURCE_PREFIX } from "@/server/catalog/listing-source";
import { searchIndexCurrent } from "@/server/catalog/search-index";
import { searchServices } from "@/server/catalog/search-services";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { findObservedOffer, forgetObservedOffers } from "@/server/observe/observed-offer";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { createPerson } from "@/server/reviews/test-actors";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { sandboxPayeeKey } from "@/server/sandbox/sandbox-payee";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { buildShortlist } from "@/server/shortlist/build-shortlist";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { moveListing } from "./listing-lifecycle";
import { createListing, editListing, getListing, submitListing, type ProbeDeps } from "./listings";
import { createPayeeChallenge, provePayee } from "./payee-proof";
import { editListingInput } from "./listing-schema";
import { approveListing, rejectListing } from "./review-decision";
import { listReviewQueue } from "./review-queue";

let sandbox: Sandbox;
let offers: SandboxOffer[];
let deps: ProbeDeps;
const outbound = createSafeOutbound({ connectTimeoutMs: 1000 });
let operator: Actor;
let second: Actor;

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = (await loadSandboxOffers()).filter(
    (o) => o.method === "GET" && o.delivers && profileOf(o.slug).kind === "healthy",
  );
  deps = {
    outbound,
    limits: { timeoutMs: 1500, maxBytes: 256 * 1024 },
    mode: { testMode: false, localPayments: true, testPort: () => false, sandboxOrigin: sandbox.url },
  };
  operator = await createPerson("operator");
  second = await createPerson("operator");
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), outbound.close()]);
});

let nextOffer = 0;
/** A listing of one healthy sandbox offer, named and submitted by a fresh owner. */
async function submitted(name: string, description: string) {
  const owner = await createPerson();
  const offer = offers[nextOffer++ % offers.length]!;
  const listing = await createListing(owner, { resourceUrls: [`${sandbox.url}/${offer.slug}${offer.path}`] }, deps);
  expect(listing.probes[0]).toMatchObject({ outcome: "offer", verdict: "conformant" });
  await editListing(owner, listing.id, { name, description, primaryCapability: "maps-weather", tags: ["tides"] });
  return { owner, listing: await submitListing(owner, listing.id) };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** Postings' ctids by (lexeme, service): a rewritten row, or a truncated table, has new ones. */
async function postingPlaces(): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<{ key: string; ctid: string }[]>`
    SELECT lexeme || ' ' || service_id AS key, ctid::text AS ctid FROM service_terms`;
  return new Map(rows.map((r) => [r.key, r.ctid]));
}

async function discovered(serviceId: string): Promise<string[]> {
  const found: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await listDiscoveryResources({ limit: 1000, offset });
    found.push(...page.items.filter((i) => i.metadata.serviceId === serviceId).map((i) => i.metadata.offerId));
    if (offset + 1000 >= page.pagination.total) return found;
  }
}
const searched = async (q: string) => (await searchServices({ q, limit: 10 })).services.map((s) => s.slug);
const shortlisted = async (q: string) =>
  (await buildShortlist({ outcome: q, search: "exact" })).matches.map((m) => m.service.slug);

describe("the review queue", () => {
  it("lists submitted listings oldest first with the revision, verdicts and payees; pages; operators only", async () => {
    const a = await submitted("Brinewatch Harbour Levels", "Harbour water levels by port.");
    const b = await submitted("Saltmarsh Tide Clock", "Tide times for estuaries.");
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listReviewQueue(operator, { limit: 1, cursor });
      seen.push(...page.listings.map((l) => l.listingId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.indexOf(a.listing.id)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(a.listing.id)).toBeLessThan(seen.indexOf(b.listing.id));
    const item = (await listReviewQueue(operator, { limit: 50 })).listings.find((l) => l.listingId === a.listing.id)!;
    expect(item).toMatchObject({ revision: 1, diff: null, decisions: [] });
    expect(item.draft.name).toBe("Brinewatch Harbour Levels");
    expect(item.probes[0]).toMatchObject({ outcome: "offer", verdict: "conformant", status: 402 });
    expect(item.payees).toEqual([
      {
        payTo: item.draft.offers[0]!.payTo,
        payeeVerified: false,
        verifiedAt: null,
        sandboxPayeeKey: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      },
    ]);

    const member = await createPerson("member");
    expect((await refusal(listReviewQueue(member))).code).toBe("forbidden");
    expect((await refusal(approveListing(member, { listingId: a.listing.id, revision: 1 }))).code).toBe("forbidden");
    expect((await refusal(rejectListing(member, { listingId: a.listing.id, revision: 1, reason: "no" }))).code).toBe(
      "forbidden",
    );
    expect((await getListing(a.owner, a.listing.id)).status).toBe("pending_review");
  });
});

describe("approval", () => {
  let reader: ChildProcess;
  let readerUrl: string;
  beforeAll(async () => {
    reader = spawn(process.execPath, ["--import", "tsx", "test/listings/catalog-reader-server.ts"], {
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    readerUrl = await new Promise<string>((resolve, reject) => {
      let out = "";
      reader.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(`http://127.0.0.1:${m[1]}`);
      });
      reader.on("exit", (code) => reject(new Error(`reader exited (${code})`)));
    });
  }, 60_000);
  afterAll(() => {
    reader?.kill("SIGKILL");
  });
  const read = async (path: string) => {
    const res = await fetch(`${readerUrl}${path}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const shortlistedThere = async (q: string, search: string) =>
    (
      (await read(`/shortlist?q=${encodeURIComponent(q)}&search=${search}`)) as {
        matches: { service: { slug: string } }[];
      }
    ).matches.map((m) => m.service.slug);
  /** The slugs once they include the listing's (the other process checks the version once a second). */
  const eventually = async (find: () => Promise<string[]>) => {
    const deadline = Date.now() + 10_000;
    let slugs = await find();
    while (!slugs.includes("quillfeather-tide-tables") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      slugs = await find();
    }
    return slugs;
  };

  it("writes the service through the import path: found by search, shortlist and discovery, here and on a second instance", async () => {
    const { owner, listing } = await submitted(
      "Quillfeather Tide Tables",
      "Tide tables and harbour water levels for sailors.",
    );
    // The second instance has built its caches before the approval.
    expect(await shortlistedThere("harbour water levels", "semantic")).not.toContain("quillfeather-tide-tables");
    const places = await postingPlaces();
    const before = (await read(`/search?q=${encodeURIComponent("Quillfeather Tide Tables")}`)) as {
      services: { slug: string }[];
    };
    expect(before.services.map((s) => s.slug)).not.toContain("quillfeather-tide-tables");

    const decision = await approveListing(operator, { listingId: listing.id, revision: 1 });
    expect(decision).toMatchObject({
      decision: "approved",
      revision: 1,
      serviceSlug: "quillfeather-tide-tables",
      payeeVerified: false,
    });
    expect((await getListing(owner, listing.id)).status).toBe("approved");
    expect(await db.listingReview.findMany({ where: { listingId: listing.id } })).toEqual([
      expect.objectContaining({
        revision: 1,
        decision: "approved",
        operatorPersonId: (operator as { personId: string }).personId,
      }),
    ]);

    const record = (await getServiceRecord("quillfeather-tide-tables")).service;
    expect(record).toMatchObject({
      id: decision.serviceId,
      name: "Quillfeather Tide Tables",
      primaryCapability: "maps-weather",
      tags: ["tides"],
      testStatus: "untested",
      testedAt: null,
      catalogSource: `${LISTING_SOURCE_PREFIX}${listing.id}`,
      payeeVerified: false,
      sandbox: true,
    });
    expect(record.offers).toHaveLength(1);
    expect(record.offers[0]).toMatchObject({
      method: listing.draft.offers[0]!.method,
      path: listing.draft.offers[0]!.path,
      providerUrl: sandbox.url,
      routedByMarketplace: true,
    });

    // Indexed alone (catalog/index-services.ts): no other service's posting was rewritten.
    expect(await searchIndexCurrent(db)).toBe(true);
    const placesAfter = await postingPlaces();
    for (const [key, ctid] of places) expect(placesAfter.get(key), key).toBe(ctid);
    expect(await db.serviceTerm.count({ where: { serviceId: decision.serviceId!, lexeme: "quillfeath" } })).toBe(1);
    expect(await searched("Quillfeather Tide Tables")).toContain("quillfeather-tide-tables");
    expect(await shortlisted("Quillfeather Tide Tables")).toContain("quillfeather-tide-tables");
    expect(await discovered(decision.serviceId!)).toEqual([record.offers[0]!.id]);
    // The other process follows the catalog version within its one-second check.
    const deadline = Date.now() + 10_000;
    let slugs: string[] = [];
    while (Date.now() < deadline) {
      const found = (await read(`/search?q=${encodeURIComponent("Quillfeather Tide Tables")}`)) as {
        services: { slug: string }[];
      };
      slugs = found.services.map((s) => s.slug);
      if (slugs.includes("quillfeather-tide-tables")) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(slugs).toContain("quillfeather-tide-tables");
    const short = (await read(`/shortlist?q=${encodeURIComponent("Quillfeather Tide Tables")}`)) as {
      matches: { service: { slug: string } }[];
    };
    expect(short.matches.map((m) => m.service.slug)).toContain("quillfeather-tide-tables");
    const list = (await read(`/discovery`)) as {
      items: { metadata: { serviceId: string } }[];
      pagination: { total: number };
    };
    expect(list.pagination.total).toBeGreaterThan(0);

    // The owner edits: back to review; the catalog keeps the approved version meanwhile.
    await editListing(owner, listing.id, { name: "Quillfeather Tides and Currents" });
    const resubmitted = await submitListing(owner, listing.id);
    expect(resubmitted).toMatchObject({ status: "pending_review", revision: 2 });
    expect((await getServiceRecord("quillfeather-tide-tables")).service.name).toBe("Quillfeather Tide Tables");
    const queued = (await listReviewQueue(operator, { limit: 50 })).listings.find((l) => l.listingId === listing.id)!;
    expect(queued.revision).toBe(2);
    expect(queued.decisions).toEqual([expect.objectContaining({ revision: 1, decision: "approved" })]);
    expect(queued.diff).toEqual({
      serviceSlug: "quillfeather-tide-tables",
      fields: [{ field: "name", before: "Quillfeather Tide Tables", after: "Quillfeather Tides and Currents" }],
      offers: [],
    });

    const again = await approveListing(second, { listingId: listing.id, revision: 2 });
    expect(again).toMatchObject({ serviceId: decision.serviceId, serviceSlug: "quillfeather-tide-tables" });
    const updated = (await getServiceRecord("quillfeather-tide-tables")).service;
    expect(updated.name).toBe("Quillfeather Tides and Currents");
    expect(updated.offers.map((o) => o.id)).toEqual(record.offers.map((o) => o.id));
    expect(await db.service.count({ where: { catalogSource: `${LISTING_SOURCE_PREFIX}${listing.id}` } })).toBe(1);
    // The edit's postings replace the approved version's, here and (after its version check) on the
    // second instance, in the postings (terms) and the vectors (semantic).
    expect(await searchIndexCurrent(db)).toBe(true);
    expect(await db.serviceTerm.count({ where: { serviceId: decision.serviceId!, lexeme: "current" } })).toBe(1);
    expect(await eventually(() => shortlistedThere("Quillfeather currents", "terms"))).toContain(
      "quillfeather-tide-tables",
    );
    expect(await shortlistedThere("Quillfeather Tides and Currents harbour water levels", "semantic")).toContain(
      "quillfeather-tide-tables",
    );
  }, 60_000);

  it("takes a slug of its own when the name's slug is taken", async () => {
    const one = await submitted("Tidemark Gauge", "Gauge readings.");
    const two = await submitted("Tidemark Gauge", "Other gauge readings.");
    const a = await approveListing(operator, { listingId: one.listing.id, revision: 1 });
    const b = await approveListing(operator, { listingId: two.listing.id, revision: 1 });
    expect([a.serviceSlug, b.serviceSlug]).toEqual(["tidemark-gauge", "tidemark-gauge-2"]);
  }, 30_000);
});

describe("one decision per revision", () => {
  it("rejection needs a storable reason of at most 1000 characters, and keeps the catalog as it was", async () => {
    const { owner, listing } = await submitted("Kelpline Swell Report", "Swell heights.");
    await expect(rejectListing(operator, { listingId: listing.id, revision: 1 } as never)).rejects.toThrow();
    await expect(rejectListing(operator, { listingId: listing.id, revision: 1, reason: "  " })).rejects.toThrow();
    await expect(
      rejectListing(operator, { listingId: listing.id, revision: 1, reason: "x".repeat(1001) }),
    ).rejects.toThrow();
    await expect(
      rejectListing(operator, { listingId: listing.id, revision: 1, reason: "bad\u0000" }),
    ).rejects.toThrow();
    const rejected = await rejectListing(operator, {
      listingId: listing.id,
      revision: 1,
      reason: "The docs URL is missing.",
    });
    expect(rejected).toMatchObject({ decision: "rejected", reason: "The docs URL is missing.", serviceId: null });
    expect((await getListing(owner, listing.id)).status).toBe("rejected");
    expect(await searched("Kelpline Swell Report")).not.toContain("kelpline-swell-report");
    expect((await listReviewQueue(operator, { limit: 50 })).listings.map((l) => l.listingId)).not.toContain(listing.id);
  });

  it("two approvals, or an approval and a rejection, at once: exactly one decision", async () => {
    for (const other of ["approve", "reject"] as const) {
      const { listing } = await submitted(`Racing Tides ${other}`, "Concurrent decisions.");
      const outcomes = await Promise.allSettled([
        approveListing(operator, { listingId: listing.id, revision: 1 }),
        other === "approve"
          ? approveListing(second, { listingId: listing.id, revision: 1 })
          : rejectListing(second, { listingId: listing.id, revision: 1, reason: "Duplicate." }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const failed = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(failed.reason).toBeInstanceOf(AppError);
      expect((failed.reason as AppError).code).toBe("conflict");
      expect(await db.listingReview.count({ where: { listingId: listing.id } })).toBe(1);
      const services = await db.service.count({ where: { catalogSource: `${LISTING_SOURCE_PREFIX}${listing.id}` } });
      const approved = outcomes.some((o) => o.status === "fulfilled" && o.value.decision === "approved");
      expect(services).toBe(approved ? 1 : 0);
    }
  }, 30_000);

  it("a decision on an outdated revision is refused (409 conflict) and changes nothing", async () => {
    const { owner, listing } = await submitted("Stale Tide Chart", "Outdated revisions.");
    await editListing(owner, listing.id, { description: "Changed after submitting." });
    // An edit takes it out of review; a second submit makes revision 2 the one waiting.
    expect((await refusal(approveListing(operator, { listingId: listing.id, revision: 1 }))).code).toBe("conflict");
    await submitListing(owner, listing.id);
    const err = await refusal(approveListing(operator, { listingId: listing.id, revision: 1 }));
    expect(err.code).toBe("conflict");
    expect(err.message).toMatch(/not the one waiting/);
    expect(await db.listingReview.count({ where: { listingId: listing.id } })).toBe(0);
    await approveListing(operator, { listingId: listing.id, revision: 2 });
    expect((await refusal(approveListing(operator, { listingId: listing.id, revision: 2 }))).code).toBe("conflict");
  }, 30_000);
});

describe("the owner's pause, resume and withdraw", () => {
  it("pause takes the service out of search, shortlist, discovery and routing; resume brings it back; withdraw is final (404)", async () => {
    const { owner, listing } = await submitted("Moonpull Tide Almanac", "Lunar tide almanac for anglers.");
    const { serviceId, serviceSlug } = await approveListing(operator, { listingId: listing.id, revision: 1 });
    const offerId = (await getServiceRecord(serviceSlug!)).service.offers[0]!.id;
    forgetObservedOffers();
    await findObservedOffer(offerId);
    expect(await searched("Moonpull Tide Almanac")).toContain(serviceSlug);

    expect((await refusal(moveListing(owner, listing.id, "resume"))).code).toBe("conflict");
    const stranger = await createPerson();
    expect((await refusal(moveListing(stranger, listing.id, "pause"))).code).toBe("not_found");
    expect((await moveListing(owner, listing.id, "pause")).status).toBe("paused");
    // Caches follow the catalog version at most a second later.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await searched("Moonpull Tide Almanac")).not.toContain(serviceSlug);
    expect(await shortlisted("Moonpull Tide Almanac")).not.toContain(serviceSlug);
    expect(await discovered(serviceId!)).toEqual([]);
    forgetObservedOffers();
    expect((await refusal(findObservedOffer(offerId))).code).toBe("not_found");
    const paused = (await getServiceRecord(serviceSlug!)).service;
    expect(paused.offers[0]!.routedByMarketplace).toBe(false);

    expect((await moveListing(owner, listing.id, "resume")).status).toBe("approved");
    await new Promise((r) => setTimeout(r, 1100));
    expect(await searched("Moonpull Tide Almanac")).toContain(serviceSlug);
    expect(await discovered(serviceId!)).toEqual([offerId]);
    forgetObservedOffers();
    await findObservedOffer(offerId);

    expect((await moveListing(owner, listing.id, "withdraw")).status).toBe("withdrawn");
    await new Promise((r) => setTimeout(r, 1100));
    expect(await searched("Moonpull Tide Almanac")).not.toContain(serviceSlug);
    expect(await discovered(serviceId!)).toEqual([]);
    expect((await refusal(getServiceRecord(serviceSlug!))).code).toBe("not_found");
    expect((await refusal(moveListing(owner, listing.id, "resume"))).code).toBe("conflict");
    expect((await refusal(editListing(owner, listing.id, { name: "Back" }))).code).toBe("conflict");
  }, 30_000);
});

describe("payeeVerified", () => {
  async function proven(payeeCount: number, prove: number) {
    const owner = await createPerson();
    const payees = Array.from({ length: payeeCount }, () => newPayee());
    const id = await listingWithPayees(
      owner,
      payees.map((p) => p.address),
    );
    for (const payee of payees.slice(0, prove)) {
      const typedData = await createPayeeChallenge(owner, id, payee.address);
      const signature: Hex = await payee.signTypedData(
        typedData as unknown as Parameters<typeof payee.signTypedData>[0],
      );
      await provePayee(owner, id, { payTo: payee.address, nonce: typedData.message.nonce, signature });
    }
    await editListing(owner, id, { name: `Payee Check ${id.slice(0, 8)}`, primaryCapability: "web-data" });
    await submitListing(owner, id);
    return approveListing(operator, { listingId: id, revision: 1 });
  }

  it("true when every payee proved control, false otherwise; on the record either way", async () => {
    const all = await proven(2, 2);
    const some = await proven(2, 1);
    expect(all.payeeVerified).toBe(true);
    expect(some.payeeVerified).toBe(false);
    expect((await getServiceRecord(all.serviceSlug!)).service.payeeVerified).toBe(true);
    expect((await getServiceRecord(some.serviceSlug!)).service.payeeVerified).toBe(false);
    // The shortlist says so among its fit reasons (caches follow the catalog version within a second).
    await new Promise((r) => setTimeout(r, 1100));
    const reasonsOf = async (slug: string) => {
      const { name } = (await getServiceRecord(slug)).service;
      const match = (await buildShortlist({ outcome: name, search: "exact" })).matches.find(
        (m) => m.service.slug === slug,
      );
      expect(match).toBeDefined();
      return match!.fitReasons;
    };
    expect(await reasonsOf(all.serviceSlug!)).toContain(
      "Payee verified: the provider proved control of every payee address",
    );
    expect((await reasonsOf(some.serviceSlug!)).join(" ")).not.toMatch(/Payee verified/);
    // A seeded service is not a listing: false.
    const seeded = await db.service.findFirstOrThrow({
      where: { NOT: { catalogSource: { startsWith: LISTING_SOURCE_PREFIX } } },
    });
    expect((await getServiceRecord(seeded.slug)).service.payeeVerified).toBe(false);
  }, 30_000);
});

describe("what a newcomer provider is told", () => {
  it("a sandbox payee's public key, the catalog service that already lists the offer, to owner and operators", async () => {
    const offer = offers[nextOffer++ % offers.length]!;
    const owner = await createPerson();
    const url = `${sandbox.url}/${offer.slug}${offer.path}`;
    const listing = await createListing(owner, { resourceUrls: [url] }, deps);
    const [payee] = listing.payees;
    expect(payee!.sandboxPayeeKey).toBe(sandboxPayeeKey(offer.slug));
    expect(privateKeyToAccount(payee!.sandboxPayeeKey as Hex).address.toLowerCase()).toBe(payee!.payTo.toLowerCase());
    // Its first name comes from the sandbox's path, not the loopback address.
    expect(listing.draft.name).not.toMatch(/^127\./);
    const seeded = await db.service.findFirstOrThrow({ where: { slug: offer.slug }, select: { name: true } });
    const twin = { resourceUrl: url, serviceSlug: offer.slug, serviceName: seeded.name, payeeVerified: false };
    expect(listing.alreadyListed).toEqual([twin]);
    expect((await getListing(owner, listing.id)).alreadyListed).toEqual([twin]);
    await editListing(owner, listing.id, { primaryCapability: "web-data" });
    await submitListing(owner, listing.id);
    const item = (await listReviewQueue(operator, { limit: 50 })).listings.find((l) => l.listingId === listing.id)!;
    expect(item.alreadyListed).toEqual([twin]);

    // Any other payee (an offer somewhere else with another payTo) gets no key: proofs stay proofs.
    const other = await createPerson();
    const id = await listingWithPayees(other, [newPayee().address], `${randomUUID().slice(0, 8)}.payee.example`);
    expect((await getListing(other, id)).payees[0]!.sandboxPayeeKey).toBeNull();
    expect((await getListing(other, id)).alreadyListed).toEqual([]);
  }, 30_000);

  it("an example input per offer: stored on the draft, written to the catalog offer on approval; refused when unknown or unstorable", async () => {
    const offer = offers[nextOffer++ % offers.length]!;
    const owner = await createPerson();
    const url = `${sandbox.url}/${offer.slug}${offer.path}`;
    const { id } = await createListing(owner, { resourceUrls: [url] }, deps);
    const example = { q: "harbour levels", days: 2 };
    const edited = await editListing(owner, id, {
      name: `Examples ${id.slice(0, 8)}`,
      primaryCapability: "maps-weather",
      offerExamples: [{ resourceUrl: url, exampleInput: example }],
    });
    expect(edited.draft.offers[0]!.exampleInput).toEqual(example);
    const unknown = await refusal(
      editListing(owner, id, { offerExamples: [{ resourceUrl: `${url}/other`, exampleInput: {} }] }),
    );
    expect(unknown.code).toBe("invalid_request");
    for (const bad of [{ q: "a\u0000b" }, { ["\ud800"]: 1 }, { q: "x".repeat(9000) }])
      expect(editListingInput.safeParse({ offerExamples: [{ resourceUrl: url, exampleInput: bad }] }).success).toBe(
        false,
      );
    expect(editListingInput.safeParse({ offerExamples: [{ resourceUrl: url, exampleInput: [1] }] }).success).toBe(
      false,
    );

    await submitListing(owner, id);
    const decision = await approveListing(operator, { listingId: id, revision: 1 });
    const stored = await db.offer.findFirstOrThrow({
      where: { service: { slug: decision.serviceSlug! } },
      select: { exampleInput: true },
    });
    expect(stored.exampleInput).toEqual(example);
  }, 30_000);
});
