// Re-indexing after a catalog write: only changed services are re-embedded, postings and lexeme
// statistics follow the documents, and the catalog version moves so processes reload.
import { describe, expect, it } from "vitest";
import { prepareCatalog } from "@/scripts/lib/database";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { retrieveTerms } from "../search/retrieval/terms";
import { indexCatalog, searchIndexCurrent } from "./search-index";

describe("indexCatalog", () => {
  it("re-embeds only what changed and bumps the catalog version", async () => {
    const before = (await db.catalogState.findUniqueOrThrow({ where: { id: 1 } })).version;
    expect(await indexCatalog(db)).toEqual({ embedded: 0 });
    const svc = await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true, description: true } });
    await db.service.update({
      where: { id: svc.id },
      data: { description: `${svc.description} Now also returns zygomorphic quokka telemetry.` },
    });
    expect(await indexCatalog(db)).toEqual({ embedded: 1 });
    expect((await db.catalogState.findUniqueOrThrow({ where: { id: 1 } })).version).toBe(before + 2);
    // The new words are searchable at once.
    const hits = await retrieveTerms("quokka telemetry", undefined);
    expect(hits[0]?.id).toBe(svc.id);
    expect(await db.serviceTerm.count({ where: { serviceId: svc.id, lexeme: "quokka" } })).toBe(1);
    expect((await db.searchLexeme.findUniqueOrThrow({ where: { lexeme: "quokka" } })).ndoc).toBe(1);
  });
});

describe("prepareCatalog at start-up", () => {
  it("leaves a current index alone and rebuilds one that no longer covers the catalog", async () => {
    const version = async () => (await db.catalogState.findUniqueOrThrow({ where: { id: 1 } })).version;
    const url = env.DATABASE_URL!;
    const before = await version();
    expect(await prepareCatalog(url)).toEqual({ seeded: false, embedded: 0 });
    expect(await version()).toBe(before);

    const svc = await db.service.findFirstOrThrow({ orderBy: { id: "desc" }, select: { id: true } });
    await db.$executeRaw`UPDATE services SET search_document = NULL WHERE id = ${svc.id}`;
    expect(await searchIndexCurrent(db)).toBe(false);
    await prepareCatalog(url);
    expect(await searchIndexCurrent(db)).toBe(true);
    expect(await version()).toBe(before + 1);
    expect(await db.serviceTerm.count({ where: { serviceId: svc.id } })).toBeGreaterThan(0);
  });
});
