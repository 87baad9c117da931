// An operator confirms observed payment terms (rows inserted directly, as the probe engine opens a
// change): the offer adopts the changed fields, the change is resolved "confirmed" by that operator
// and kept as history; a second click answers the same without writing; a change resolved otherwise
// is refused 409 terms_change_resolved; members and signed-out callers are refused through tRPC;
// the operators' list shows open changes with the latest probe as evidence.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { callerFor, createPerson, signedOutCaller } from "@/server/trpc/test-callers";
import { loadCandidates } from "@/server/shortlist/load-candidates";
import { confirmTerms } from "./confirm-terms";
import { routingStop } from "./offer-health";
import { listOpenTermsChanges } from "./open-terms-changes";

const NEW_PAYEE = "0x" + "ab".repeat(20);

async function offerWithTerms(skip: number) {
  return db.offer.findFirstOrThrow({
    where: { protocol: "x402", payTo: { not: null }, network: { not: null }, asset: { not: null } },
    orderBy: { id: "asc" },
    skip,
    select: { id: true, payTo: true, network: true, asset: true, priceAtomic: true, serviceId: true },
  });
}

async function openChange(
  offer: Awaited<ReturnType<typeof offerWithTerms>>,
  fields: ("payTo" | "network" | "asset" | "price")[],
  observed: Partial<{ payTo: string; amountAtomic: string }>,
) {
  const catalogued = {
    payTo: offer.payTo,
    network: offer.network,
    asset: offer.asset,
    amountAtomic: String(offer.priceAtomic),
  };
  return db.offerTermsChange.create({
    data: {
      offerId: offer.id,
      fields,
      blocking: fields.some((f) => f !== "price"),
      catalogued,
      observed: { ...catalogued, ...observed },
    },
  });
}

describe("confirming observed payment terms", () => {
  it("adopts the observed payee and price, resolves the change confirmed, keeps it as history; a second click writes nothing", async () => {
    const operator = await createPerson("operator");
    const offer = await offerWithTerms(0);
    const newPrice = String(offer.priceAtomic + 2500);
    const change = await openChange(offer, ["payTo", "price"], { payTo: NEW_PAYEE, amountAtomic: newPrice });
    await db.offerProbeSchedule.create({ data: { offerId: offer.id, nextProbeAt: new Date(Date.now() + 600_000) } });
    expect(await routingStop(offer.id)).not.toBeNull();
    // The shortlist holds this offer's terms in memory per catalog version.
    const candidateBefore = (await loadCandidates([offer.serviceId])).get(offer.serviceId)!;
    expect(candidateBefore.offers.find((o) => o.id === offer.id)!.priceAtomic).toBe(offer.priceAtomic);
    const version = async () => (await db.catalogState.findUnique({ where: { id: 1 } }))?.version ?? 0;
    const versionBefore = await version();

    const first = await confirmTerms(operator, { changeId: change.id });
    expect(first).toMatchObject({ changeId: change.id, offerId: offer.id, alreadyConfirmed: false });
    expect(first.change).toMatchObject({ resolution: "confirmed", fields: ["payTo", "price"], blocking: true });
    const after = await db.offer.findUniqueOrThrow({ where: { id: offer.id } });
    expect(after).toMatchObject({
      payTo: NEW_PAYEE,
      priceAtomic: Number(newPrice),
      network: offer.network,
      asset: offer.asset,
    });
    const row = await db.offerTermsChange.findUniqueOrThrow({ where: { id: change.id } });
    expect(row).toMatchObject({ resolution: "confirmed", resolvedBy: operator.personId });
    expect(row.resolvedAt).not.toBeNull();
    expect(first.change.resolvedAt).toBe(row.resolvedAt!.toISOString());
    expect(await routingStop(offer.id)).toBeNull();
    // A catalog change: the version moves, and the shortlist reads the adopted price once it sees it
    // (the version is read at most once a second).
    expect(await version()).toBeGreaterThan(versionBefore);
    await new Promise((r) => setTimeout(r, 1100));
    const candidateAfter = (await loadCandidates([offer.serviceId])).get(offer.serviceId)!;
    expect(candidateAfter.offers.find((o) => o.id === offer.id)!.priceAtomic).toBe(Number(newPrice));
    // Probed again soon, to see the adopted terms.
    const slot = await db.offerProbeSchedule.findUniqueOrThrow({ where: { offerId: offer.id } });
    expect(slot.nextProbeAt.getTime()).toBeLessThanOrEqual(Date.now());

    // A double click: the same answer, nothing written again.
    const second = await confirmTerms(operator, { changeId: change.id });
    expect(second).toEqual({ ...first, alreadyConfirmed: true });
    expect(await db.offerTermsChange.findUniqueOrThrow({ where: { id: change.id } })).toEqual(row);
    // The history keeps it; the open list no longer shows it.
    expect(await db.offerTermsChange.count({ where: { offerId: offer.id } })).toBe(1);
    expect((await listOpenTermsChanges(operator)).map((c) => c.id)).not.toContain(change.id);
  });

  it("two clicks at once: one confirmation, both answered", async () => {
    const operator = await createPerson("operator");
    const offer = await offerWithTerms(1);
    const change = await openChange(offer, ["payTo"], { payTo: NEW_PAYEE });
    const results = await Promise.all([
      confirmTerms(operator, { changeId: change.id }),
      confirmTerms(operator, { changeId: change.id }),
    ]);
    expect(results.map((r) => r.alreadyConfirmed).sort()).toEqual([false, true]);
    expect((await db.offer.findUniqueOrThrow({ where: { id: offer.id } })).payTo).toBe(NEW_PAYEE);
  });

  it("refuses a change already resolved otherwise (re-imported, or by another operator): 409 terms_change_resolved, nothing changed", async () => {
    const operator = await createPerson("operator");
    const offer = await offerWithTerms(2);
    const reimported = await openChange(offer, ["payTo"], { payTo: NEW_PAYEE });
    await db.offerTermsChange.update({
      where: { id: reimported.id },
      data: { resolvedAt: new Date(), resolution: "reimported" },
    });
    const refused = await confirmTerms(operator, { changeId: reimported.id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "terms_change_resolved" });
    expect((refused as AppError).message).toMatch(/re-import/);
    expect((await db.offer.findUniqueOrThrow({ where: { id: offer.id } })).payTo).toBe(offer.payTo);

    const other = await createPerson("operator");
    const offer2 = await offerWithTerms(3);
    const change = await openChange(offer2, ["price"], { amountAtomic: "1" });
    await confirmTerms(other, { changeId: change.id });
    await expect(confirmTerms(operator, { changeId: change.id })).rejects.toMatchObject({
      code: "terms_change_resolved",
    });

    await expect(confirmTerms(operator, { changeId: randomUUID() })).rejects.toMatchObject({ code: "not_found" });
  });

  it("through tRPC: operators only (members FORBIDDEN, signed out UNAUTHORIZED), CONFLICT for a resolved change", async () => {
    const offer = await offerWithTerms(4);
    const change = await openChange(offer, ["payTo"], { payTo: NEW_PAYEE });
    await db.offerProbe.createMany({
      data: [
        {
          offerId: offer.id,
          probedAt: new Date(Date.now() - 120_000),
          verdict: "conformant",
          status: 402,
          latencyMs: 50,
        },
        {
          offerId: offer.id,
          probedAt: new Date(Date.now() - 60_000),
          verdict: "non_conformant",
          status: 402,
          latencyMs: 60,
          failedChecks: ["pay_to_matches"],
        },
      ],
    });
    for (const [caller, code] of [
      [await callerFor(await createPerson("member")), "FORBIDDEN"],
      [await signedOutCaller(), "UNAUTHORIZED"],
    ] as const) {
      await expect(caller.moderation.termsChanges()).rejects.toMatchObject({ code });
      await expect(caller.moderation.confirmTerms({ changeId: change.id })).rejects.toMatchObject({ code });
    }
    expect((await db.offerTermsChange.findUniqueOrThrow({ where: { id: change.id } })).resolvedAt).toBeNull();

    const op = await callerFor(await createPerson("operator"));
    const listed = (await op.moderation.termsChanges()).find((c) => c.id === change.id);
    expect(listed).toMatchObject({
      offer: { id: offer.id },
      fields: ["payTo"],
      blocking: true,
      catalogued: { payTo: offer.payTo },
      observed: { payTo: NEW_PAYEE },
      latestProbe: { verdict: "non_conformant", status: 402, failedChecks: ["pay_to_matches"] },
    });
    await expect(op.moderation.confirmTerms({ changeId: "not-a-uuid" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await op.moderation.confirmTerms({ changeId: change.id })).alreadyConfirmed).toBe(false);
    const other = await callerFor(await createPerson("operator"));
    await expect(other.moderation.confirmTerms({ changeId: change.id })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: { code: "terms_change_resolved" },
    });
  });
});
