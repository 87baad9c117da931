// Sentence vectors for the condition checks: stored once per distinct text at indexing time,
// refreshed incrementally, read through the cache; a sentence without a vector is left to words.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { indexCatalog } from "@/server/catalog/search-index";
import { loadCandidates } from "@/server/shortlist/load-candidates";
import { checkRequirement } from "@/server/shortlist/conditions/check-condition";
import { embedText } from "./model";
import {
  clearSentenceVectorCache,
  refreshSentenceEmbeddings,
  sentenceHash,
  sentenceVectors,
} from "./sentence-embeddings";

describe("sentence embeddings", () => {
  it("the indexed catalog has one vector per distinct evidence or fact sentence", async () => {
    const [texts] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM (SELECT text FROM service_evidence UNION SELECT text FROM service_facts) t`;
    const [stored] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM sentence_embeddings`;
    expect(texts!.n).toBeGreaterThan(100);
    expect(stored!.n).toBe(texts!.n);
    expect(await refreshSentenceEmbeddings(db)).toBe(0);
  });

  it("embeds a new sentence when the catalog is re-indexed, with the model's vector", async () => {
    const svc = await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
    const text = "Quokka telemetry is exported as Parquet every night.";
    await db.serviceEvidence.create({
      data: { serviceId: svc.id, text, source: "https://vendor.test/quokka", position: 99 },
    });
    await indexCatalog(db);
    const got = await sentenceVectors([text, "A sentence nobody stored."]);
    expect([...got.keys()]).toEqual([text]);
    const want = await embedText(text);
    const v = got.get(text)!;
    let maxDiff = 0;
    for (let i = 0; i < want.length; i++) maxDiff = Math.max(maxDiff, Math.abs(want[i]! - v[i]!));
    expect(maxDiff).toBeLessThan(1e-6);
    const candidate = (await loadCandidates([svc.id])).get(svc.id)!;
    expect(candidate.facts.vectors?.get(text)).toEqual(v);
  });

  it("a sentence whose vector is missing is checked on words alone, without an error", async () => {
    const text = "CAPTCHA solving is not supported.";
    const owner = await db.serviceEvidence.findFirstOrThrow({ where: { text }, select: { serviceId: true } });
    await db.$executeRaw`DELETE FROM sentence_embeddings WHERE text_hash = ${sentenceHash(text)}`;
    clearSentenceVectorCache();
    const candidate = (await loadCandidates([owner.serviceId])).get(owner.serviceId)!;
    expect(candidate.facts.vectors?.has(text)).toBe(false);
    expect(checkRequirement("Solves CAPTCHAs", candidate.facts)).toEqual({
      status: "unmet",
      evidence: expect.objectContaining({ text }),
    });
  });
});
