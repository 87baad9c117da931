// The per-service index update: after it, documents, lexeme counts, the document count and postings
// are what a full rebuild makes (postings within the frozen-avgdl tolerance, docs/decisions.md), no
// other service's postings are rewritten, an edit drops the lexemes it no longer has, and updates
// at once (the same service twice, as two instances may) keep the counts right.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { sentenceHash } from "../search/embeddings/sentence-embeddings";
import { retrieveTerms } from "../search/retrieval/terms";
import { indexServices } from "./index-services";
import { indexCatalog, searchIndexCurrent } from "./search-index";

interface Snapshot {
  documents: number;
  avgdl: number;
  version: number;
  lexemes: Map<string, number>;
  postings: Map<string, number>;
}

async function snapshot(): Promise<Snapshot> {
  const state = await db.catalogState.findUniqueOrThrow({ where: { id: 1 } });
  const lexemes = await db.searchLexeme.findMany();
  const postings = await db.serviceTerm.findMany();
  return {
    documents: state.documents,
    avgdl: state.avgdl!,
    version: state.version,
    lexemes: new Map(lexemes.map((l) => [l.lexeme, l.ndoc])),
    postings: new Map(postings.map((p) => [`${p.lexeme} ${p.serviceId}`, p.tf])),
  };
}

/** Postings' ctids by (lexeme, service): a row rewritten (or the table truncated) gets a new one. */
async function postingPlaces(): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<{ key: string; ctid: string }[]>`
    SELECT lexeme || ' ' || service_id AS key, ctid::text AS ctid FROM service_terms`;
  return new Map(rows.map((r) => [r.key, r.ctid]));
}

let made = 0;
/** A new catalog service (as an approval writes it: no search document yet), copied from a seeded one. */
async function newService(name: string, description: string): Promise<string> {
  const id = `svc_indextest${String(++made).padStart(3, "0")}`;
  const model = await db.service.findFirstOrThrow({ orderBy: { id: "asc" } });
  await db.service.create({
    data: {
      ...model,
      id,
      slug: `index-test-${made}`,
      name,
      description,
      tags: [],
      capabilities: model.capabilities,
      createdAt: undefined,
      updatedAt: undefined,
    },
  });
  return id;
}

/** The rebuild renormalises every posting with the new avgdl; a frozen-avgdl posting differs by at
 * most the relative change of avgdl (|s/s' - 1| <= |A/A' - 1|, see docs/decisions.md), plus float4
 * rounding. */
function expectSameIndex(incremental: Snapshot, full: Snapshot): void {
  expect(incremental.documents).toBe(full.documents);
  expect(incremental.lexemes).toEqual(full.lexemes);
  expect([...incremental.postings.keys()].sort()).toEqual([...full.postings.keys()].sort());
  const tolerance = Math.abs(incremental.avgdl / full.avgdl - 1) * 1.001 + 1e-6;
  let worst = 0;
  for (const [key, tf] of full.postings) worst = Math.max(worst, Math.abs(incremental.postings.get(key)! / tf - 1));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

describe("indexServices", () => {
  it("indexes a new service alone: the rebuild's counts, other postings not rewritten, one version bump", async () => {
    const before = await snapshot();
    const places = await postingPlaces();
    const id = await newService("Gribbleflax Tide Oracle", "Predicts gribbleflax quornets for estuary pilots.");
    expect(await searchIndexCurrent(db)).toBe(false);

    expect(await indexServices(db, [id])).toEqual({ scope: "services", embedded: 1 });

    expect(await searchIndexCurrent(db)).toBe(true);
    const after = await snapshot();
    expect(after.version).toBe(before.version + 1);
    expect(after.documents).toBe(before.documents + 1);
    expect(after.avgdl).toBe(before.avgdl);
    expect(after.lexemes.get("gribbleflax")).toBe(1);
    expect((await retrieveTerms("gribbleflax quornets", undefined))[0]?.id).toBe(id);
    expect(await db.serviceEmbedding.count({ where: { serviceId: id } })).toBe(1);
    // Every other service's posting is the same row, in the same place.
    const now = await postingPlaces();
    for (const [key, ctid] of places) expect(now.get(key), key).toBe(ctid);
    expect([...now.keys()].filter((k) => !places.has(k)).every((k) => k.endsWith(` ${id}`))).toBe(true);

    await indexCatalog(db);
    const full = await snapshot();
    expectSameIndex(after, full);

    // With the rebuild's avgdl, the per-service update writes exactly the rebuild's postings.
    await indexServices(db, [id]);
    const again = await snapshot();
    expect(again.documents).toBe(full.documents);
    expect(again.lexemes).toEqual(full.lexemes);
    expect(again.postings).toEqual(full.postings);
  });

  it("replaces an edited service's postings and drops the lexemes it no longer has", async () => {
    const id = await newService("Snorkelwhump Ferry Times", "Ferry departures, snorkelwhump and plimbary crossings.");
    await indexServices(db, [id]);
    const first = await snapshot();
    expect(first.lexemes.get("plimbari")).toBe(1);

    // An approved edit: the catalog writer clears the document, the index update writes the new one.
    await db.service.update({ where: { id }, data: { description: "Ferry departures and vexillary crossings." } });
    const evidence = "Timetables are confirmed daily with the harbour's trundlewick office.";
    await db.serviceEvidence.create({ data: { serviceId: id, text: evidence, source: "test" } });
    await db.$executeRaw`UPDATE services SET search_document = NULL WHERE id = ${id}`;
    await indexServices(db, [id]);
    const edited = await snapshot();
    expect(edited.documents).toBe(first.documents);
    expect(edited.lexemes.has("plimbari")).toBe(false);
    expect(edited.lexemes.get("snorkelwhump")).toBe(1); // still in the name
    expect(edited.lexemes.get("vexillari")).toBe(1);
    expect(await db.serviceTerm.count({ where: { serviceId: id, lexeme: "plimbari" } })).toBe(0);
    expect(await retrieveTerms("plimbary", undefined)).toEqual([]);
    expect((await retrieveTerms("vexillary", undefined))[0]?.id).toBe(id);
    // Its evidence is in the document (field C) and its sentence has a vector for the condition checks.
    expect((await retrieveTerms("trundlewick", undefined))[0]?.id).toBe(id);
    expect(await db.sentenceEmbedding.count({ where: { textHash: sentenceHash(evidence) } })).toBe(1);

    await indexCatalog(db);
    expectSameIndex(edited, await snapshot());
  });

  it("keeps the counts right when updates run at once, the same service twice among them", async () => {
    const a = await newService("Wombleset Harbour Alpha", "Shared flumpering data, alpha quayside zindles.");
    const b = await newService("Wombleset Harbour Beta", "Shared flumpering data, beta quayside yarbles.");
    const before = await snapshot();
    const results = await Promise.all([
      indexServices(db, [a]),
      indexServices(db, [b]),
      indexServices(db, [a]),
      indexServices(db, [b, a]),
    ]);
    expect(results.every((r) => r.scope === "services")).toBe(true);
    const after = await snapshot();
    expect(after.documents).toBe(before.documents + 2);
    expect(after.version).toBe(before.version + 4);
    expect(after.lexemes.get("flumper")).toBe(2);
    expect(after.lexemes.get("zindl")).toBe(1);
    expect(await searchIndexCurrent(db)).toBe(true);

    await indexCatalog(db);
    expectSameIndex(after, await snapshot());
  });

  it("rebuilds the catalog when it has no avgdl yet (an index built before it was stored)", async () => {
    await db.catalogState.update({ where: { id: 1 }, data: { avgdl: null } });
    expect(await searchIndexCurrent(db)).toBe(false);
    const id = await newService("Quaggle Depth Gauge", "Depths of quaggle channels.");
    expect((await indexServices(db, [id])).scope).toBe("catalog");
    expect(await searchIndexCurrent(db)).toBe(true);
    expect((await retrieveTerms("quaggle", undefined))[0]?.id).toBe(id);
  });

  it("does nothing harmful for no service or an unknown one", async () => {
    const before = await snapshot();
    await indexServices(db, []);
    await indexServices(db, ["svc_does_not_exist"]);
    const after = await snapshot();
    expect(after.documents).toBe(before.documents);
    expect(after.lexemes).toEqual(before.lexemes);
    expect(after.postings).toEqual(before.postings);
  });
});
